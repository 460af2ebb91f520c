# Writes the test images of scenes/content (run here: python3 make-images.py); zlib + struct only.
import zlib, struct
def png(path, w, h, px):  # px: list of rows of (r,g,b,a)
    raw = b''.join(b'\x00' + bytes(c for p in row for c in p) for row in px)
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)) \
        + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    open(path, 'wb').write(data)
R, G, B, Y = (255,0,0,255), (0,200,0,255), (0,0,255,255), (255,220,0,255)
png('quad-4x4.png', 4, 4, [[R,R,G,G],[R,R,G,G],[B,B,Y,Y],[B,B,Y,Y]])
png('wide-8x4.png', 8, 4, [[R]*4 + [B]*4 for _ in range(4)])
digits = {0:["111","101","101","101","111"],1:["010","110","010","010","111"],2:["111","001","111","100","111"],
          3:["111","001","111","001","111"],4:["101","101","111","001","001"],5:["111","100","111","001","111"]}
colors = [(230,60,60),(240,150,40),(220,200,40),(60,170,80),(50,120,220),(150,80,200)]
for k in range(6):
    bg = colors[k] + (255,)
    rows = []
    for y in range(32):
        row = []
        for x in range(32):
            gx, gy = (x - 10) // 4, (y - 6) // 4
            on = 0 <= gx < 3 and 0 <= gy < 5 and x >= 10 and y >= 6 and digits[k][gy][gx] == '1'
            row.append((255,255,255,255) if on else bg)
        rows.append(row)
    png(f'frame-{k}.png', 32, 32, rows)
