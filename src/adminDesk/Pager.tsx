import { useTranslation } from 'react-i18next';
import { DESK_PAGE_SIZE } from './adminDeskApi';

/** "21–40 of 95" and the buttons to the pages before and after. */
export function Pager({
  offset,
  shown,
  total,
  onMove,
}: {
  offset: number;
  shown: number;
  total: number;
  onMove: (offset: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="desk-pager">
      <span data-testid="desk-count">
        {total === 0
          ? t('admin-desk.pager.none')
          : t('admin-desk.pager.range', { first: offset + 1, last: offset + shown, total })}
      </span>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={offset === 0}
        onClick={() => onMove(Math.max(0, offset - DESK_PAGE_SIZE))}
      >
        {t('admin-desk.pager.previous')}
      </button>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={offset + shown >= total}
        onClick={() => onMove(offset + DESK_PAGE_SIZE)}
      >
        {t('admin-desk.pager.next')}
      </button>
    </div>
  );
}
