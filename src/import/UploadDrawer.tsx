import { ChevronDown, ChevronUp, X } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { uploadingCount, type UploadDrawerRef } from '../../machines/uploadDrawerMachine';
import { uploadProgress, type UploadItemRef } from '../../machines/uploadItemMachine';
import { useImportServerText } from './importServerText';
import './import.css';

/** One file: its own actor, read here so a progress tick re-renders only this row. */
export function UploadRow({ item }: { item: UploadItemRef }) {
  const { t } = useTranslation();
  const serverText = useImportServerText();
  const progress = useSelector(item, uploadProgress);
  const state = progress.isSuccess ? 'success' : progress.isError ? 'error' : 'uploading';
  return (
    <li className={`upload-row upload-row-${state}`} data-testid="upload-row">
      <div className="upload-row-head">
        <span className="upload-row-name" title={progress.name}>
          {progress.name}
        </span>
        <span className="upload-row-state">
          {progress.isSuccess
            ? t('import.drawer.uploaded')
            : progress.isError
              ? t('import.drawer.failed')
              : t('import.drawer.percent', { percent: progress.percentage })}
        </span>
        <button
          type="button"
          className="icon-button upload-row-remove"
          aria-label={t('import.drawer.remove-file', { name: progress.name })}
          onClick={() => item.send({ type: 'upload.remove' })}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <div
        className="upload-progress"
        role="progressbar"
        aria-label={progress.name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percentage}
      >
        <div className="upload-progress-bar" style={{ width: `${progress.percentage}%` }} />
      </div>
      {progress.isError && progress.error && (
        <p className="upload-row-message">{serverText(progress.error)}</p>
      )}
    </li>
  );
}

/**
 * SPEC section 4: the statement upload drawer, shown while any file is tracked: floating at the
 * bottom of the screen, or `inline` in the flow of the import page, under its reports.
 */
export function UploadDrawerView({
  drawer,
  inline = false,
}: {
  drawer: UploadDrawerRef;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const visible = useSelector(drawer, (state) => state.hasTag('visible'));
  const open = useSelector(drawer, (state) => state.hasTag('open'));
  const items = useSelector(drawer, (state) => state.context.items);
  const messages = useSelector(drawer, (state) => state.context.messages);
  const uploading = useSelector(drawer, (state) => uploadingCount(state.context));
  const serverText = useImportServerText();
  if (!visible) return null;
  return (
    <aside
      className={inline ? 'upload-drawer upload-drawer-inline' : 'upload-drawer'}
      aria-label={t('import.drawer.title')}
      data-testid="upload-drawer"
    >
      <header className="upload-drawer-head">
        <h2 className="upload-drawer-title">
          {uploading > 0
            ? t('import.drawer.uploading-count', { count: uploading })
            : t('import.drawer.title')}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-expanded={open}
          aria-label={open ? t('import.drawer.collapse') : t('import.drawer.expand')}
          onClick={() => drawer.send({ type: 'drawer.toggle' })}
        >
          {open ? (
            <ChevronDown size={18} aria-hidden="true" />
          ) : (
            <ChevronUp size={18} aria-hidden="true" />
          )}
        </button>
      </header>
      {open && messages.length > 0 && (
        <div className="upload-drawer-errors" role="alert">
          <ul>
            {messages.map((message) => (
              <li key={message}>{serverText(message)}</li>
            ))}
          </ul>
          <button
            type="button"
            className="icon-button"
            aria-label={t('import.drawer.dismiss-errors')}
            onClick={() => drawer.send({ type: 'messages.dismiss' })}
          >
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      )}
      {open && (
        <ul className="upload-drawer-list">
          {items.map((item) => (
            <UploadRow key={item.id} item={item.ref} />
          ))}
        </ul>
      )}
    </aside>
  );
}
