#!/bin/sh
# Writes OUT_FOLDER/GitCommit.swift naming the git commit of the package in PACKAGE_FOLDER,
# for `flipbook --version`: the commit's hash, "+changes" after it when tracked files differ
# from it, or "unknown" without a .git (a tarball of the source). The file is rewritten
# only when its text changes, so a build without a new commit recompiles nothing.
# Run by the GitCommit build-tool plugin before each build; it reads no clock.
# Usage: scripts/git-commit.sh PACKAGE_FOLDER OUT_FOLDER
set -u
package=$1
out=$2/GitCommit.swift
mkdir -p "$2"
commit=unknown
if [ -e "$package/.git" ] && hash=$(git -C "$package" rev-parse HEAD 2>/dev/null); then
    commit=$hash
    if [ -n "$(git -C "$package" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
        commit="$commit+changes"
    fi
fi
text="/// The git commit flipbook was built from (written by scripts/git-commit.sh before each build).
let gitCommit = \"$commit\""
if [ "$(cat "$out" 2>/dev/null)" != "$text" ]; then
    printf '%s\n' "$text" > "$out"
fi
