import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { SaveFooter, SettingsCard } from '../app/SettingsCard';
import { listProducts } from '../catalog/catalogApi';
import { useServerText } from '../i18n/serverText';
import { SelectField } from '../widgets/SelectField';
import { TextInput } from '../widgets/TextInput';
import type { ReserveRule, ReserveRules } from '../../api/reserves';
import { RESERVE_FORMATS, RESERVE_TEXTS, reserveRuleProblem } from '../../rules/reserves';
import { readReserveRules, saveReserveRules } from './reservesApi';

interface Row {
  key: number;
  scope: ReserveRule['scope'];
  target: string;
  percent: string;
  kind: ReserveRule['release']['kind'];
  periods: string;
}

const ruleOf = (row: Row): ReserveRule => ({
  scope: row.scope,
  target: row.target,
  percent: row.percent.trim(),
  release: { kind: row.kind, periods: Number(row.periods) },
});

/** The translation key of what the server and the form say of a rule, by its text. */
const ERROR_KEYS: Record<string, string> = {
  [RESERVE_TEXTS.percent]: 'reserves.errors.percent',
  [RESERVE_TEXTS.periods]: 'reserves.errors.periods',
  [RESERVE_TEXTS.format]: 'reserves.errors.format',
};

function RulesForm({
  rules,
  products,
  onSaved,
}: {
  rules: ReserveRules;
  products: { id: string; title: string }[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const serverText = useServerText({ email: '' });
  const [rows, setRows] = useState<Row[]>(() =>
    rules.rules.map((rule, index) => ({
      key: index,
      scope: rule.scope,
      target: rule.target,
      percent: rule.percent,
      kind: rule.release.kind,
      periods: String(rule.release.periods),
    })),
  );
  const [nextKey, setNextKey] = useState(rules.rules.length + 1);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = new Map(rows.map((row) => [row.key, reserveRuleProblem(ruleOf(row))]));
  const ready = !saving && [...errors.values()].every((error) => error === null);
  const change = (key: number, part: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...part } : row)));
  const add = (scope: Row['scope']) => {
    const target =
      scope === 'format' ? (RESERVE_FORMATS[0] ?? 'physical') : (products[0]?.id ?? '');
    setRows((current) => [
      ...current,
      { key: nextKey, scope, target, percent: '10', kind: 'after', periods: '2' },
    ]);
    setNextKey(nextKey + 1);
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await saveReserveRules(api, { version: rules.version, rules: rows.map(ruleOf) });
      toasts.send({
        type: 'toast.add',
        toast: { type: 'success', content: t('reserves.panel.saved') },
      });
      onSaved();
    } catch (error) {
      setFailure(
        error instanceof ApiError ? serverText(error.message) : t('reserves.errors.unexpected'),
      );
    } finally {
      setSaving(false);
    }
  };

  const formatOptions = RESERVE_FORMATS.map((format) => ({
    value: format,
    label: t(`reserves.format.${format}`),
  }));
  const productOptions = products.map((product) => ({ value: product.id, label: product.title }));
  return (
    <form
      className="payment-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void save();
      }}
    >
      <p className="page-note">{t('reserves.panel.note')}</p>
      {rows.length === 0 && <p className="page-note">{t('reserves.panel.empty')}</p>}
      {rows.map((row) => {
        const error = errors.get(row.key) ?? null;
        return (
          <fieldset key={row.key} className="payment-minimum-row">
            <SelectField
              label={t(row.scope === 'format' ? 'reserves.rule.format' : 'reserves.rule.product')}
              value={row.target}
              onChange={(target) => change(row.key, { target })}
              options={row.scope === 'format' ? formatOptions : productOptions}
            />
            <TextInput
              label={t('reserves.rule.percent')}
              value={row.percent}
              onChange={(percent) => change(row.key, { percent })}
              error={error === RESERVE_TEXTS.percent ? t('reserves.errors.percent') : null}
              size="small"
              inputMode="decimal"
            />
            <SelectField
              label={t('reserves.rule.release')}
              value={row.kind}
              onChange={(kind) => change(row.key, { kind: kind === 'spread' ? 'spread' : 'after' })}
              options={[
                { value: 'after', label: t('reserves.rule.after') },
                { value: 'spread', label: t('reserves.rule.spread') },
              ]}
            />
            <TextInput
              label={t('reserves.rule.periods')}
              value={row.periods}
              onChange={(periods) => change(row.key, { periods })}
              error={error === RESERVE_TEXTS.periods ? t('reserves.errors.periods') : null}
              size="small"
              inputMode="numeric"
            />
            {error && error !== RESERVE_TEXTS.percent && error !== RESERVE_TEXTS.periods && (
              <p className="field-error">{t(ERROR_KEYS[error] ?? 'reserves.errors.unexpected')}</p>
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            >
              {t('reserves.rule.remove')}
            </button>
          </fieldset>
        );
      })}
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={() => add('format')}>
          {t('reserves.rule.add-format')}
        </button>
        {products.length > 0 && (
          <button type="button" className="button button-secondary" onClick={() => add('product')}>
            {t('reserves.rule.add-product')}
          </button>
        )}
      </div>
      <SaveFooter failure={failure} ready={ready} label={t('reserves.panel.save')} />
    </form>
  );
}

/**
 * The label's reserves against returns on /payments, beside its payment settings: a share of
 * covered earnings held back at approval, per format or per product, and when it is paid back.
 */
export function ReservesPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  return (
    <SettingsCard
      id="reserves-heading"
      className="card payment-settings"
      heading={t('reserves.panel.heading')}
      loading={t('reserves.panel.loading')}
      load={async () => {
        const [rules, products] = await Promise.all([
          readReserveRules(api),
          listProducts(api, { limit: 500 }),
        ]);
        const choices = products.items.map(({ id, title }) => ({ id, title }));
        return { version: rules.version, rules, products: choices };
      }}
      deps={[api]}
    >
      {(loaded, onSaved) => (
        <RulesForm rules={loaded.rules} products={loaded.products} onSaved={onSaved} />
      )}
    </SettingsCard>
  );
}
