import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes/types';
import { Preloader } from '../frame/Preloader';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { MenuItem } from '../widgets/MenuItem';
import { Modal } from '../widgets/Modal';
import { Popover } from '../widgets/Popover';
import { TextInput } from '../widgets/TextInput';
import { TypeAhead } from '../widgets/TypeAhead';
import { WIDGET_SIZES } from '../widgets/sizes';
import './uikit.css';

/** Sample rows of the kit's list: generated, numbered, and labelled as samples. */
interface SampleRow {
  id: number;
  title: string;
  detail: { owner: string | null };
  amount: string;
  share: number;
  note: string | null;
  payable: boolean;
}

const SAMPLE_COUNT = 100_000;
const SAMPLE_WORDS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

function sampleRows(count: number): SampleRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    title: `#${index + 1}`,
    detail: { owner: index % 3 === 0 ? null : `${SAMPLE_WORDS[index % SAMPLE_WORDS.length]}` },
    amount: ((index % 7) - 3).toFixed(2),
    share: ((index % 400) - 100) / 4,
    note: null,
    payable: index % 2 === 0,
  }));
}

function ShareBar({ value }: CellProps<SampleRow>) {
  const width = Math.max(0, Math.min(100, Number(value)));
  return <span className="kit-bar" style={{ width: `${width}%` }} aria-hidden="true" />;
}

/** The admin toolkit's developer UI kit: every shared widget, live. */
export function AdminUiKitPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [choice, setChoice] = useState('');
  const [modalOpen, setModalOpen] = useState(false);
  const [pressed, setPressed] = useState<number | null>(null);
  const rows = useMemo(() => sampleRows(SAMPLE_COUNT), []);

  const columns: ListColumn<SampleRow>[] = [
    { label: t('uikit.list.number'), key: 'title', linkPath: '/admin/uikit?row=:id', width: 90 },
    { label: t('uikit.list.owner'), key: 'detail.owner', flexGrow: 2 },
    { label: t('uikit.list.amount'), key: 'amount', format: 'currency' },
    { label: t('uikit.list.share'), key: 'share', format: 'percent' },
    { label: t('uikit.list.bar'), key: 'share', component: ShareBar, width: 80, flexGrow: 0 },
    { label: t('uikit.list.note'), key: 'note', show: 'hide-null' },
    { label: t('uikit.list.hidden'), key: 'id', hidden: true },
    {
      label: t('uikit.list.action'),
      key: 'action',
      btnLabel: t('uikit.list.press'),
      action: (row) => setPressed(row.id),
      disabled: (row) => !row.payable,
      width: 100,
      flexGrow: 0,
    },
  ];

  return (
    <section className="page uikit">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <p className="page-note">{t('uikit.page.intro')}</p>

      <div className="card uikit-section">
        <h2>{t('uikit.section.text-input')}</h2>
        <TextInput
          label={t('uikit.text-input.name')}
          required
          size="xlarge"
          value={name}
          onChange={setName}
        />
        <TextInput
          label={t('uikit.text-input.code')}
          size="small"
          value={code}
          onChange={setCode}
          validator={(value) => (value.length > 32 ? t('uikit.text-input.code-too-long') : null)}
        />
        <p className="page-note" data-testid="kit-name-value">
          {name}
        </p>
      </div>

      <div className="card uikit-section">
        <h2>{t('uikit.section.type-ahead')}</h2>
        <TypeAhead
          label={t('uikit.type-ahead.label')}
          search={(text) =>
            Promise.resolve(
              SAMPLE_WORDS.filter((word) => word.toLowerCase().includes(text.toLowerCase())),
            )
          }
          itemKey={(word) => word}
          itemLabel={(word) => word}
          onSelect={(selected) => setChoice('item' in selected ? selected.item : selected.text)}
        />
        <p className="page-note" data-testid="kit-choice">
          {choice}
        </p>
      </div>

      <div className="card uikit-section">
        <h2>{t('uikit.section.overlays')}</h2>
        <div className="uikit-row">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setModalOpen(true)}
          >
            {t('uikit.modal.open')}
          </button>
          <Popover anchor={t('uikit.popover.anchor')}>
            <p>{t('uikit.popover.content')}</p>
          </Popover>
        </div>
        {modalOpen && (
          <Modal title={t('uikit.modal.title')} onClose={() => setModalOpen(false)}>
            <p>{t('uikit.modal.content')}</p>
          </Modal>
        )}
        <Preloader />
      </div>

      <div className="card uikit-section">
        <h2>{t('uikit.section.menu')}</h2>
        <div role="menu" aria-label={t('uikit.section.menu')} className="uikit-menu">
          {WIDGET_SIZES.map((size) => (
            <MenuItem key={size} size={size}>
              {size}
            </MenuItem>
          ))}
        </div>
      </div>

      <div className="card uikit-section">
        <h2>{t('uikit.section.list')}</h2>
        <p className="page-note" data-testid="kit-pressed">
          {pressed === null ? '' : t('uikit.list.pressed', { id: pressed })}
        </p>
        <List
          label={t('uikit.section.list')}
          columns={columns}
          rows={rows}
          minRows={10}
          maxRows={10}
        />
      </div>
    </section>
  );
}
