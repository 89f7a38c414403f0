import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { createEngineClient, isSuperseded } from '../engine/engineClient';
import { Money } from '../widgets/Money';
import type { EngineInput, EngineOutput } from '../../engine/types';
import type { PreviewBasis, Recoupment } from '../../api/recoupments';
import type { Calculation, PayeeTotalList } from '../../api/statements';
import type { RecoupmentFields } from './recoupmentDraft';
import {
  compareOutputs,
  editedInput,
  NEW_RECOUPMENT_ID,
  type ComparedLine,
} from './waterfallPreview';

interface Basis {
  statement: NonNullable<PreviewBasis['statement']>;
  input: EngineInput;
  output: EngineOutput;
  names: Map<string, string>;
}

/** The account's latest calculated statement: its recorded input and output, and who is who. */
function useBasis(accountId: string | undefined) {
  const { api } = useServices();
  return useLoad(async (): Promise<Basis | null> => {
    const { statement } = await api.get<PreviewBasis>('recoupments/preview-basis', {
      query: accountId ? { account: accountId } : {},
    });
    if (!statement) return null;
    const path = `statements/${encodeURIComponent(statement.id)}`;
    const [calculation, payees] = await Promise.all([
      api.get<Calculation>(`${path}/calculation`),
      api.get<PayeeTotalList>(`${path}/payees`, { query: { limit: 1000 } }),
    ]);
    return {
      statement,
      input: calculation.input as unknown as EngineInput,
      output: calculation.output as unknown as EngineOutput,
      names: new Map(payees.items.map((payee) => [payee.payeeId, payee.fullname])),
    };
  }, [api, accountId]);
}

export interface RecoupmentPreviewPanelProps {
  fields: RecoupmentFields;
  /** The recoupment being changed; absent when it is being created. */
  recoupment?: Recoupment;
  /** Staff: the account it belongs to; absent: the caller's own. */
  accountId?: string;
}

/**
 * What the latest statement would have paid each payee and taken for each recoupment with the
 * edit applied, beside what it did: the engine runs in the browser's worker on every change.
 */
export function RecoupmentPreviewPanel({
  fields,
  recoupment,
  accountId,
}: RecoupmentPreviewPanelProps) {
  const { t } = useTranslation();
  const basis = useBasis(recoupment?.accountId ?? accountId);
  const engine = useMemo(() => createEngineClient(), []);
  useEffect(() => () => engine.dispose(), [engine]);
  const [after, setAfter] = useState<EngineOutput | null>(null);
  const [failed, setFailed] = useState(false);
  const fieldsKey = JSON.stringify(fields);
  const loaded = basis.data ?? null;
  const input = useMemo(
    () =>
      loaded
        ? editedInput(loaded.input, fields, recoupment ?? null, Math.floor(Date.now() / 1000))
        : null,
    // The fields change identity on every render: their text says when they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, fieldsKey, recoupment],
  );

  useEffect(() => {
    if (!input) return;
    engine.calculate(input).then(
      (result) => {
        setAfter(result.output);
        setFailed(false);
      },
      (error: unknown) => {
        if (!isSuperseded(error)) setFailed(true);
      },
    );
  }, [engine, input]);

  const currency = loaded?.input.currency ?? 'USD';
  const heading = (
    <h2 className="section-title" id="recoup-preview-title">
      {t('recoupments.preview.heading')}
    </h2>
  );
  if (basis.status === 'loading') {
    return (
      <section className="card recoup-preview" aria-labelledby="recoup-preview-title">
        {heading}
        <p className="page-note">{t('recoupments.preview.loading')}</p>
      </section>
    );
  }
  if (!loaded) {
    return (
      <section className="card recoup-preview" aria-labelledby="recoup-preview-title">
        {heading}
        <p className="page-note">{t('recoupments.preview.no-statement')}</p>
      </section>
    );
  }
  const compared = after && input ? compareOutputs(loaded.output, after) : null;
  const titleOf = (id: string) =>
    id === NEW_RECOUPMENT_ID
      ? fields.title || t('recoupments.preview.this-recoupment')
      : (loaded.input.recoupments.find((candidate) => candidate.id === id)?.title ?? id);
  const table = (
    caption: string,
    lines: readonly ComparedLine[],
    nameOf: (id: string) => string,
  ) => (
    <table className="recoup-preview-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('recoupments.preview.who')}</th>
          <th scope="col">{t('recoupments.preview.did')}</th>
          <th scope="col">{t('recoupments.preview.would')}</th>
          <th scope="col">{t('recoupments.preview.change')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <th scope="row">{nameOf(line.id)}</th>
            <td>
              <Money amount={line.before} currency={currency} />
            </td>
            <td>
              <Money amount={line.after} currency={currency} />
            </td>
            <td>
              <Money amount={line.change} currency={currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <section
      className="card recoup-preview"
      aria-labelledby="recoup-preview-title"
      aria-busy={input !== null && !compared}
    >
      {heading}
      <p className="page-note">
        {t('recoupments.preview.basis', { title: loaded.statement.title })}
      </p>
      {!input && <p className="page-note">{t('recoupments.preview.not-applicable')}</p>}
      {failed && (
        <p className="field-error" role="alert">
          {t('recoupments.preview.failed')}
        </p>
      )}
      {input && compared && (
        <>
          {table(
            t('recoupments.preview.payouts'),
            compared.payees,
            (id) => loaded.names.get(id) ?? id,
          )}
          {table(t('recoupments.preview.takes'), compared.recoupments, titleOf)}
        </>
      )}
    </section>
  );
}
