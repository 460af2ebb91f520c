// A scene runs on a stage, and its canvas is a stage’s: importing scenes imports stages.
@_exported import FlipbookStage
