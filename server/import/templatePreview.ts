import { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { TemplatePreviewAnswer } from '../../api/distributors';
import { templateProblems, type DistributorTemplate } from '../../rules/templateSchema';
import { BadRequestError } from '../errors';
import { ReadingSummary } from '../../rules/readingSummary';
import { parseStatementInBatches } from './parse';
import { StatementFileError, type RowError, type StatementRecord } from './types';

// A sample file read through a template being edited: the overseer's distributor templates and a
// label's own layouts both try theirs here before saving.

const PREVIEW_ROWS = 20;
/** The most of a sample that is read, as for the upload's preview. */
export const PREVIEW_BYTES = 20 * 1024 * 1024;

/** A template as sent by the editor, checked before it is saved or used. */
export function readTemplate(value: unknown): DistributorTemplate {
  const problems = templateProblems(value);
  if (problems.length > 0) {
    throw new BadRequestError(
      problems[0] ?? 'The template is not valid.',
      problems.map((message) => ({ path: 'template', message })),
    );
  }
  return value as DistributorTemplate;
}

/**
 * Reads a sample file (`file` part) through a template, storing nothing: its first rows, and what
 * the whole sample reads to per currency (rows, revenue, units, dates, top territories), so that
 * a column misread as money shows before the layout is saved.
 */
export async function previewSample(
  request: FastifyRequest,
  savedTemplate: DistributorTemplate | null,
): Promise<TemplatePreviewAnswer> {
  if (!request.isMultipart())
    throw new BadRequestError('Send the sample file as multipart/form-data.');
  let template = savedTemplate;
  let sample: { name: string; bytes: Buffer } | null = null;
  for await (const part of request.parts({ limits: { fileSize: PREVIEW_BYTES, files: 1 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'template') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(part.value));
        } catch {
          throw new BadRequestError('The template is not valid JSON.');
        }
        template = readTemplate(parsed);
      }
      continue;
    }
    const bytes = await part.toBuffer();
    sample = { name: part.filename, bytes };
  }
  if (!template) throw new BadRequestError('This distributor has no template yet.');
  if (!sample) throw new BadRequestError('Choose a sample file.');
  const records: StatementRecord[] = [];
  const errors: RowError[] = [];
  const reading = new ReadingSummary();
  const parse = parseStatementInBatches(
    { fileName: sample.name, bytes: Readable.from([sample.bytes]) },
    template,
  );
  try {
    for (;;) {
      const next = await parse.next();
      if (next.done) {
        return {
          records,
          errors,
          summary: next.value as unknown as Record<string, unknown>,
          reading: { partial: false, currencies: reading.result() },
        };
      }
      for (const item of next.value) {
        if ('record' in item) {
          reading.add(item.record);
          if (records.length + errors.length < PREVIEW_ROWS) records.push(item.record);
        } else if (records.length + errors.length < PREVIEW_ROWS) errors.push(item.rowError);
      }
    }
  } catch (error) {
    if (error instanceof StatementFileError) throw new BadRequestError(error.message);
    throw error;
  }
}
