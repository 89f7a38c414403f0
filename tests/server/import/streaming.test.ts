import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../server/import/parse';
import { DISTROKID } from '../../../server/import/templates';

const HEADER =
  'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)\n';
const TARGET_BYTES = 150 * 1024 * 1024;

/** A few distinct megabytes of rows, cycled: the generator itself makes no garbage to measure. */
function rowBlocks(): Buffer[] {
  const blocks: Buffer[] = [];
  for (let block = 0, row = 0; block < 8; block++) {
    const lines: string[] = [];
    for (let i = 0; i < 8000; i++, row++) {
      const cents = String(row % 100000).padStart(6, '0');
      lines.push(
        `2023-09-05\t2023-06\tSpotify\tThe Lumens\tTrack number ${row}\tUSDK1${String(row).padStart(7, '0')}\t\t${row % 50}\t100\tSong\tUS\t0\t0.000${cents}789\n`,
      );
    }
    blocks.push(Buffer.from(lines.join('')));
  }
  return blocks;
}

/** A DistroKid statement of about 150 MB, streamed a megabyte at a time and never held whole. */
async function* bigStatement(blocks: Buffer[]): AsyncGenerator<Buffer> {
  await Promise.resolve();
  yield Buffer.from(HEADER);
  for (let produced = HEADER.length, i = 0; produced < TARGET_BYTES; i++) {
    const block = blocks[i % blocks.length] as Buffer;
    produced += block.length;
    yield block;
  }
}

describe('streaming', () => {
  it('parses a ~150 MB CSV with memory growth far below its size', async () => {
    const blocks = rowBlocks();
    const before = process.memoryUsage().rss;
    let peak = before;
    let records = 0;
    const started = performance.now();
    const parse = parseStatement({ fileName: 'big.tsv', bytes: bigStatement(blocks) }, DISTROKID);
    let next = await parse.next();
    while (!next.done) {
      if ('rowError' in next.value) throw new Error(next.value.rowError.message);
      records++;
      if (records % 50_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
      next = await parse.next();
    }
    const seconds = (performance.now() - started) / 1000;
    const summary = next.value;
    const growthMb = (peak - before) / (1024 * 1024);
    console.log(
      `streaming: ${records} rows in ${seconds.toFixed(1)} s = ${Math.round(records / seconds)} rows/s, peak RSS growth ${growthMb.toFixed(0)} MB`,
    );
    expect(summary.records).toBe(records);
    expect(summary.errors).toBe(0);
    expect(records).toBeGreaterThan(1_000_000);
    expect(growthMb).toBeLessThan(200);
  }, 120_000);
});
