// Distributors and the templates that read their statements (SPEC section 8).
import { Type, type Static } from 'typebox';
import type { StatementRecord } from '../rules/records';
import type { DistributorTemplate } from '../rules/templateSchema';
import { FileBytes, ListOf } from './common';
import { ReadingSummaryAnswer } from './statementUpload';

export const Distributor = Type.Object({
  id: Type.String(),
  name: Type.String(),
  uploadable: Type.Boolean(),
  hasTemplate: Type.Boolean(),
  /** In a list: whether the caller's label account added layouts of its own for it. */
  hasOwnLayouts: Type.Optional(Type.Boolean()),
});
export type Distributor = Static<typeof Distributor>;

export const DistributorList = ListOf(Distributor);
export type DistributorList = Static<typeof DistributorList>;

// Checked whole by templateProblems (rules/templateSchema.ts), which answers the editor's texts.
const Template = Type.Unsafe<DistributorTemplate>(
  Type.Record(Type.String(), Type.Unknown(), {
    description: 'A DistributorTemplate (server/import/templateSchema.ts)',
  }),
);

export const DistributorDetail = Type.Object({
  ...Distributor.properties,
  version: Type.Integer(),
  template: Type.Union([Template, Type.Null()]),
});
export type DistributorDetail = Static<typeof DistributorDetail>;

export const NewDistributor = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    uploadable: Type.Boolean(),
    template: Type.Optional(Type.Union([Template, Type.Null()])),
  },
  { additionalProperties: false },
);
export type NewDistributor = Static<typeof NewDistributor>;

export const DistributorPatch = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    uploadable: Type.Optional(Type.Boolean()),
    template: Type.Optional(Type.Union([Template, Type.Null()])),
  },
  { additionalProperties: false },
);
export type DistributorPatch = Static<typeof DistributorPatch>;

export const PreviewRowError = Type.Object({
  row: Type.Integer(),
  field: Type.String(),
  message: Type.String(),
});
export type PreviewRowError = Static<typeof PreviewRowError>;

/** The first rows of a sample file read through a template, and its summary when read whole. */
export const TemplatePreviewAnswer = Type.Object({
  records: Type.Array(Type.Unsafe<StatementRecord>(Type.Record(Type.String(), Type.Unknown()))),
  errors: Type.Array(PreviewRowError),
  summary: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  /** What the whole sample reads to, per currency. */
  reading: ReadingSummaryAnswer,
});
export type TemplatePreviewAnswer = Static<typeof TemplatePreviewAnswer>;

const TemplatePart = Type.String({ description: 'The template being edited, as JSON text' });
/** The sample file, of which the first rows are read. */
const SamplePart = FileBytes;

/** The parts of a preview through a template being edited: the template, then the sample. */
export const TemplatePreviewParts = Type.Object({ template: TemplatePart, file: SamplePart });

/** The parts of a preview through a saved template, or through the `template` part when sent. */
export const SavedTemplatePreviewParts = Type.Object({
  template: Type.Optional(TemplatePart),
  file: SamplePart,
});
