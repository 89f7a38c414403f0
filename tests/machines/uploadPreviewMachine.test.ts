import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FilePreview, StatementPreview } from '../../api/statementUpload';
import {
  confirmedEncodings,
  needsConfirmation,
  uploadPreviewMachine,
  type PreviewInput,
} from '../../machines/uploadPreviewMachine';

const kinoFile = new File(['Artist\nКино\n'], 'kino.tsv', { type: 'text/tab-separated-values' });

const filePreview = (overrides: Partial<FilePreview>): FilePreview => ({
  name: 'kino.tsv',
  encoding: 'windows-1251',
  encodingSure: true,
  encodings: ['x-mac-cyrillic'],
  matches: [{ distributorId: 'dk', distributor: 'DistroKid', layout: 'Tab-separated bank export' }],
  closest: null,
  rows: [['Artist'], ['Кино']],
  reading: null,
  problem: null,
  ...overrides,
});

/** A preview actor whose answer depends on what it is asked; the questions are kept. */
function started(answer: (input: PreviewInput) => StatementPreview) {
  const asked: PreviewInput[] = [];
  const actor = createActor(
    uploadPreviewMachine.provide({
      actors: {
        preview: fromPromise<StatementPreview, PreviewInput>(({ input }) => {
          asked.push(input);
          return Promise.resolve(answer(input));
        }),
      },
    }),
  ).start();
  return { actor, asked };
}

describe('the file check before an upload', () => {
  it('asks to confirm a proposed distributor, then sends no encoding it was sure of', async () => {
    const { actor } = started(() => ({ files: [filePreview({})], distributorId: 'dk' }));
    actor.send({ type: 'preview.files', files: [kinoFile], distributor: '' });
    const checked = await waitFor(actor, (state) => state.matches('checked'));
    expect(needsConfirmation(checked.context)).toBe(true);
    actor.send({ type: 'preview.confirm' });
    expect(needsConfirmation(actor.getSnapshot().context)).toBe(false);
    expect(confirmedEncodings(actor.getSnapshot().context)).toEqual({});
  });

  it('asks to confirm a guessed encoding even with the distributor chosen, and sends it once confirmed', async () => {
    const { actor } = started(() => ({
      files: [filePreview({ encodingSure: false })],
      distributorId: 'dk',
    }));
    actor.send({ type: 'preview.files', files: [kinoFile], distributor: 'dk' });
    const checked = await waitFor(actor, (state) => state.matches('checked'));
    expect(needsConfirmation(checked.context)).toBe(true);
    expect(confirmedEncodings(checked.context)).toEqual({});
    actor.send({ type: 'preview.confirm' });
    expect(confirmedEncodings(actor.getSnapshot().context)).toEqual({
      'kino.tsv': 'windows-1251',
    });
  });

  it('asks again in the encoding the uploader picks, and that pick needs no confirmation', async () => {
    const { actor, asked } = started((input) => ({
      files: [
        filePreview({
          encoding: input.encoding ?? 'windows-1251',
          encodingSure: input.encoding !== null,
        }),
      ],
      distributorId: 'dk',
    }));
    actor.send({ type: 'preview.files', files: [kinoFile], distributor: 'dk' });
    await waitFor(actor, (state) => state.matches('checked'));
    actor.send({ type: 'preview.encoding', encoding: 'koi8-r' });
    const again = await waitFor(
      actor,
      (state) => state.matches('checked') && state.context.encoding === 'koi8-r',
    );
    expect(asked.map((input) => input.encoding)).toEqual([null, 'koi8-r']);
    expect(needsConfirmation(again.context)).toBe(false);
    expect(confirmedEncodings(again.context)).toEqual({ 'kino.tsv': 'koi8-r' });
  });

  it('forgets everything when the files are cleared', async () => {
    const { actor } = started(() => ({ files: [filePreview({})], distributorId: 'dk' }));
    actor.send({ type: 'preview.files', files: [kinoFile], distributor: '' });
    await waitFor(actor, (state) => state.matches('checked'));
    actor.send({ type: 'preview.files', files: [], distributor: '' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(needsConfirmation(actor.getSnapshot().context)).toBe(false);
  });
});
