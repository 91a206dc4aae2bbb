/**
 * A stand-in for an OpenStreetMap-style raster tile server (the "slippy map" scheme:
 * GET /{z}/{x}/{y}.png answers a 256 × 256 PNG), so the browser tests draw real tiles without the
 * internet. Each tile is one flat colour with a darker border, a real PNG the browser decodes.
 */
import { createServer } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

export const TILE_SIZE = 256;
/** the tiles' fill, as the browser paints it (sRGB) */
export const TILE_COLOR = [0xd4, 0xe8, 0xd0] as const;
const BORDER_COLOR = [0x9c, 0xb8, 0x96] as const;

/** The PNG chunk `type` holding `data`: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** One tile: 8-bit RGB, no interlace; every scanline starts with filter type 0 (none). */
function tilePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE_SIZE, 0);
  header.writeUInt32BE(TILE_SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = 1 + TILE_SIZE * 3;
  const pixels = Buffer.alloc(row * TILE_SIZE);
  for (let y = 0; y < TILE_SIZE; y++) {
    for (let x = 0; x < TILE_SIZE; x++) {
      const edge = x === 0 || y === 0;
      pixels.set(edge ? BORDER_COLOR : TILE_COLOR, y * row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TileServer {
  /** the URL template the API passes to the map, e.g. http://127.0.0.1:4321/{z}/{x}/{y}.png */
  urlTemplate: string;
  close(): Promise<void>;
}

const TILE_PATH = /^\/(\d+)\/(\d+)\/(\d+)\.png$/;

export function startTileServer(): Promise<TileServer> {
  const png = tilePng();
  const server = createServer((req, res) => {
    const match = TILE_PATH.exec(req.url ?? '');
    const [z, x, y] = (match?.slice(1) ?? []).map(Number);
    // a tile outside the zoom level's 2^z × 2^z grid does not exist, as on the real servers
    if (
      req.method !== 'GET' ||
      z === undefined ||
      x === undefined ||
      y === undefined ||
      x >= 2 ** z ||
      y >= 2 ** z
    ) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such tile');
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(png);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) return reject(new Error('the tile server has no port'));
      resolve({
        urlTemplate: `http://127.0.0.1:${address.port}/{z}/{x}/{y}.png`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
