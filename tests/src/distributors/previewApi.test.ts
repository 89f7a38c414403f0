import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { previewTemplate } from '../../../src/distributors/distributorsApi';
import type { DistributorTemplate } from '../../../src/distributors/templateDraft';

const TEMPLATE: DistributorTemplate = {
  name: 'Indie',
  versions: [
    {
      name: 'v1',
      headers: ['ISRC', 'Qty', 'Net'],
      fields: {
        codes: [{ column: 'ISRC', kind: 'isrc' }],
        units: { columns: ['Qty'] },
        revenue: { columns: ['Net'] },
      },
    },
  ],
};

const sample = new File(['ISRC,Qty,Net\nUSRC17607839,2,1.50\n'], 'sample.csv');

describe('previewTemplate', () => {
  it('sends the template being edited and the sample file as multipart parts', async () => {
    const answer = { records: [{ row: 2, code: 'USRC17607839', revenue: '1.5' }], errors: [] };
    const fetchImpl = vi.fn((_url: string | URL | Request, _init?: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ ...answer, summary: null }), { status: 200 })),
    );
    const result = await previewTemplate(
      { template: TEMPLATE, file: sample, distributorId: 'dist 1' },
      fetchImpl,
    );
    expect(result.records).toEqual(answer.records);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/distributors/dist%201/preview');
    expect(init?.method).toBe('POST');
    const form = init?.body as FormData;
    expect(JSON.parse(form.get('template') as string)).toEqual(TEMPLATE);
    expect((form.get('file') as File).name).toBe('sample.csv');
  });

  it('previews a template not saved yet on the generic path', async () => {
    const fetchImpl = vi.fn((_url: string | URL | Request, _init?: RequestInit) =>
      Promise.resolve(new Response('{"records":[],"errors":[],"summary":null}', { status: 200 })),
    );
    await previewTemplate({ template: TEMPLATE, file: sample }, fetchImpl);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/distributors/preview');
  });

  it("rejects with the server's message, such as a File Format Error", async () => {
    const message =
      'File Format Error: expected the v1 layout (header with ISRC, Qty, Net), found a header with A, B';
    const fetchImpl = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ message }), { status: 400 })),
    );
    const preview = previewTemplate({ template: TEMPLATE, file: sample }, fetchImpl);
    await expect(preview).rejects.toBeInstanceOf(ApiError);
    await expect(preview).rejects.toThrow(message);
  });
});
