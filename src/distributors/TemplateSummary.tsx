import { useTranslation } from 'react-i18next';
import { SOURCE_FIELDS, type DistributorTemplate, type LayoutVersion } from './templateDraft';

function sourceText(source: LayoutVersion['fields'][keyof LayoutVersion['fields']]): string {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return '';
  if ('constant' in source) return `= ${String(source.constant)}`;
  if ('fromHeader' in source) return '{currency}';
  if ('mechanicalWhen' in source)
    return `${source.columns.join(' | ')} → ${source.mechanicalWhen.join(', ')}`;
  if ('negativeWhen' in source)
    return `${source.columns.join(' | ')} → − ${source.negativeWhen.join(', ')}`;
  if ('add' in source) {
    return [
      source.add.join(' + '),
      ...(source.subtract ?? []).map((column) => ` − ${column}`),
    ].join('');
  }
  const fallback = 'default' in source ? source.default : undefined;
  return source.columns.join(' | ') + (fallback ? ` (${fallback})` : '');
}

/** A read-only view of a template: each layout version, how it is found and read. */
export function TemplateSummary({ template }: { template: DistributorTemplate }) {
  const { t } = useTranslation();
  const delimiterNames: Record<string, string> = {
    '\t': t('distributors.template.delimiter-tab'),
    ',': t('distributors.template.delimiter-comma'),
    ';': t('distributors.template.delimiter-semicolon'),
  };
  return (
    <div className="template-summary">
      <h3>{template.name}</h3>
      {template.versions.map((version, index) => (
        <section key={`${index}-${version.name}`} className="template-version card">
          <h4>
            {t('distributors.template.version-heading', { number: index + 1, name: version.name })}
          </h4>
          <dl className="facts">
            <dt>{t('distributors.template.headers')}</dt>
            <dd>{version.headers.join(', ')}</dd>
            <dt>{t('distributors.template.delimiter')}</dt>
            <dd>
              {version.delimiter
                ? delimiterNames[version.delimiter]
                : t('distributors.template.detect')}
            </dd>
            <dt>{t('distributors.template.encoding')}</dt>
            <dd>{version.encoding ?? t('distributors.template.detect')}</dd>
            <dt>{t('distributors.template.skip-rows')}</dt>
            <dd>{version.skipRows ?? 0}</dd>
            {version.totalRows && (
              <>
                <dt>{t('distributors.template.total-rows')}</dt>
                <dd>{version.totalRows.startsWith.join(', ')}</dd>
              </>
            )}
            <dt>{t('distributors.template.decimal-separator')}</dt>
            <dd>
              {version.decimalComma === undefined
                ? t('distributors.template.separator-detect')
                : version.decimalComma
                  ? t('distributors.template.decimal-comma')
                  : t('distributors.template.decimal-point')}
            </dd>
            <dt>{t('distributors.template.codes')}</dt>
            <dd>
              {version.fields.codes.map((code) => `${code.column} (${code.kind})`).join(', ')}
            </dd>
            {SOURCE_FIELDS.filter((field) => version.fields[field]).map((field) => (
              <FieldRow key={field} field={field} text={sourceText(version.fields[field])} />
            ))}
            {version.fields.kind && (
              <FieldRow field="kind" text={sourceText(version.fields.kind)} />
            )}
            {version.fields.sign && (
              <FieldRow field="sign" text={sourceText(version.fields.sign)} />
            )}
            {version.fields.currency && (
              <FieldRow field="currency" text={sourceText(version.fields.currency)} />
            )}
          </dl>
        </section>
      ))}
    </div>
  );
}

function FieldRow({ field, text }: { field: string; text: string }) {
  const label = useFieldLabel()(field);
  return (
    <>
      <dt>{label}</dt>
      <dd>{text}</dd>
    </>
  );
}

/** The translated name of a record field. */
export function useFieldLabel(): (field: string) => string {
  const { t } = useTranslation();
  const labels: Record<string, string> = {
    code: t('distributors.field.code'),
    codeKind: t('distributors.field.code-kind'),
    title: t('distributors.field.title'),
    artist: t('distributors.field.artist'),
    service: t('distributors.field.service'),
    format: t('distributors.field.format'),
    formatKind: t('distributors.field.format-kind'),
    territory: t('distributors.field.territory'),
    date: t('distributors.field.date'),
    units: t('distributors.field.units'),
    revenue: t('distributors.field.revenue'),
    kind: t('distributors.field.kind'),
    sign: t('distributors.field.sign'),
    currency: t('distributors.field.currency'),
    row: t('distributors.field.row'),
  };
  return (field) => labels[field] ?? field;
}
