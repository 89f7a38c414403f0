import type { TFunction } from 'i18next';
import type { Statement } from '../../api/statements';

/** Where a statement came from, as the statement page and list say it. */
export function originText(t: TFunction, statement: Pick<Statement, 'origin' | 'distributor'>) {
  const { origin } = statement;
  if (origin.kind === 'intake') {
    return t('statements.origin.received-from', {
      distributor: statement.distributor.name,
      key: origin.keyName,
    });
  }
  return origin.uploadedBy
    ? t('statements.origin.uploaded-by', { name: origin.uploadedBy.name })
    : t('statements.origin.uploaded');
}
