import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { importServerText } from '../import/importServerText';
import { formatMoney } from '../format/formatters';
import { Modal } from '../widgets/Modal';
import { TextInput } from '../widgets/TextInput';
import {
  acceptsFunds,
  canMoveDate,
  commandButtons,
  fundsAmountProblem,
  statementSnapshot,
  type Actor,
  type CommandButton,
} from './pipeline';
import {
  moveStatementDate,
  recordFunds,
  retryStatement,
  runCommand,
  type SimpleCommand,
} from './statementsApi';
import type { Statement } from '../../api/statements';
import { ApprovalSummary } from './ApprovalSummary';

/** The commands that run a statement without the funds it expects (the funds check). */
const SKIPS_FUNDS: ReadonlySet<CommandButton['command']> = new Set(['expedite', 'force']);

/** 128 random bits in hex (getRandomValues, unlike randomUUID, works on a plain http page too). */
const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

interface Props {
  statement: Statement;
  actor: Actor;
  /** Called after every command: the page reads the statement again. */
  onDone: () => void;
}

/** The commands the shared machine allows now, the funds entry and the admin's date move. */
export function StatementActions({ statement, actor, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const currency = statement.currency ?? 'USD';
  const { api } = useServices();
  const snapshot = statementSnapshot(statement.state, statement.flags);
  const [running, setRunning] = useState(false);
  const [confirming, setConfirming] = useState<CommandButton | null>(null);
  const [amount, setAmount] = useState('');
  // One id per amount entered: a second click of the same entry records it once.
  const fundsRequest = useRef(newRequestId());
  const enterAmount = (value: string) => {
    fundsRequest.current = newRequestId();
    setAmount(value);
  };
  const [amountTried, setAmountTried] = useState(false);
  const [date, setDate] = useState(statement.statementDate ?? '');
  const [retrying, setRetrying] = useState(false);
  const [retryFiles, setRetryFiles] = useState<File[]>([]);
  const [retryError, setRetryError] = useState<string | null>(null);
  // Expedite and force run without the expected funds: their own dialog asks the funds check.
  const [skipping, setSkipping] = useState<CommandButton | null>(null);
  const [fundsVerified, setFundsVerified] = useState(false);
  const [verifyTried, setVerifyTried] = useState(false);

  const run = (work: () => Promise<unknown>) => {
    setRunning(true);
    // A refused command has shown the server's message as a toast.
    work()
      .then(onDone, () => undefined)
      .finally(() => setRunning(false));
  };

  const start = (button: CommandButton) => {
    // SPEC section 5: going on without the expected funds needs the user's word that they are there.
    if (SKIPS_FUNDS.has(button.command)) {
      setFundsVerified(false);
      setVerifyTried(false);
      setSkipping(button);
      return;
    }
    if (button.confirm) {
      setConfirming(button);
      return;
    }
    if (button.command === 'retry') {
      setRetryFiles([]);
      setRetryError(null);
      setRetrying(true);
      return;
    }
    run(() => runCommand(api, statement.id, button.command as SimpleCommand));
  };

  const amountProblem = fundsAmountProblem(amount);
  const submitFunds = (event: FormEvent) => {
    event.preventDefault();
    setAmountTried(true);
    if (amountProblem) return;
    run(() =>
      recordFunds(api, statement.id, amount.trim(), fundsRequest.current).then(() => {
        enterAmount('');
        setAmountTried(false);
      }),
    );
  };

  const buttons = commandButtons(snapshot, actor);
  const showFunds = acceptsFunds(snapshot, actor);
  const showMove = canMoveDate(snapshot, actor);
  if (buttons.length === 0 && !showFunds && !showMove) return null;

  const skip = () => {
    if (!skipping) return;
    if (!fundsVerified) {
      setVerifyTried(true);
      return;
    }
    const chosen = skipping;
    setSkipping(null);
    run(() => runCommand(api, statement.id, chosen.command as SimpleCommand));
  };

  return (
    <section className="statement-actions card" aria-label={t('statements.actions.label')}>
      {showFunds && (
        <form className="statement-funds" onSubmit={submitFunds} noValidate>
          <TextInput
            label={t('statements.funds.amount')}
            value={amount}
            onChange={enterAmount}
            inputMode="decimal"
            size="small"
            error={amountTried && amountProblem ? t(amountProblem) : null}
          />
          <button type="submit" className="button button-primary" disabled={running}>
            {t('statements.funds.record')}
          </button>
        </form>
      )}

      {buttons.length > 0 && (
        <div className="statement-commands">
          {buttons.map((button) => (
            <button
              key={button.event}
              type="button"
              className={button.primary ? 'button button-primary' : 'button button-secondary'}
              disabled={running}
              onClick={() => start(button)}
            >
              {t(button.key)}
              {button.adminOnly && actor.admin && (
                <span className="admin-mark"> {t('statements.actions.admin')}</span>
              )}
            </button>
          ))}
        </div>
      )}

      {showMove && (
        <form
          className="statement-move"
          onSubmit={(event) => {
            event.preventDefault();
            if (/^\d{4}-\d{2}-\d{2}$/.test(date))
              run(() => moveStatementDate(api, statement.id, date));
          }}
        >
          <label className="field">
            <span className="field-label">{t('statements.actions.move-date')}</span>
            <input
              className="input"
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </label>
          <button type="submit" className="button button-secondary" disabled={running || !date}>
            {t('statements.actions.move')}
            <span className="admin-mark"> {t('statements.actions.admin')}</span>
          </button>
        </form>
      )}

      {retrying && (
        <Modal
          title={t('statements.command.retry')}
          onClose={() => setRetrying(false)}
          footer={
            <button
              type="button"
              className="button button-primary"
              disabled={running || retryFiles.length === 0}
              onClick={() => {
                setRunning(true);
                setRetryError(null);
                retryStatement(statement.id, retryFiles)
                  .then(
                    () => {
                      setRetrying(false);
                      onDone();
                    },
                    (error: unknown) =>
                      setRetryError(
                        error instanceof Error && error.message
                          ? importServerText(t, error.message)
                          : t('statements.actions.retry-failed'),
                      ),
                  )
                  .finally(() => setRunning(false));
              }}
            >
              {t('statements.command.retry')}
            </button>
          }
        >
          <p>{t('statements.actions.retry-text')}</p>
          <label className="field">
            <span className="field-label">{t('statements.actions.retry-files')}</span>
            <input
              type="file"
              multiple
              onChange={(event) => setRetryFiles([...(event.target.files ?? [])])}
            />
          </label>
          {retryError && (
            <p className="field-error" role="alert">
              {retryError}
            </p>
          )}
        </Modal>
      )}

      {skipping && (
        <Modal
          title={t(skipping.key)}
          onClose={() => setSkipping(null)}
          footer={
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setSkipping(null)}
              >
                {t('statements.actions.keep')}
              </button>
              <button type="button" className="button button-primary" onClick={skip}>
                {t(skipping.key)}
              </button>
            </>
          }
        >
          <p>
            {t(
              skipping.command === 'force'
                ? 'statements.funds.force-text'
                : 'statements.funds.expedite-text',
              {
                expected:
                  statement.expected === null
                    ? '—'
                    : formatMoney(statement.expected, currency, i18n.language),
                received: formatMoney(statement.receivedFunds ?? '0', currency, i18n.language),
              },
            )}
          </p>
          <div className="field field-checkbox statement-funds-check">
            <input
              id={`funds-verified-${statement.id}`}
              type="checkbox"
              checked={fundsVerified}
              aria-invalid={verifyTried && !fundsVerified}
              onChange={(event) => setFundsVerified(event.target.checked)}
            />
            <label htmlFor={`funds-verified-${statement.id}`}>{t('statements.funds.verify')}</label>
            {verifyTried && !fundsVerified && (
              <p className="field-error" role="alert">
                {t('statements.funds.unverified')}
              </p>
            )}
          </div>
        </Modal>
      )}

      {confirming && (
        <Modal
          title={t(confirming.key)}
          onClose={() => setConfirming(null)}
          footer={
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setConfirming(null)}
              >
                {t('statements.actions.keep')}
              </button>
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  const chosen = confirming;
                  setConfirming(null);
                  run(() => runCommand(api, statement.id, chosen.command as SimpleCommand));
                }}
              >
                {t('statements.actions.confirm')}
              </button>
            </>
          }
        >
          {confirming.command === 'approve' && <ApprovalSummary statement={statement} />}
          <p>{t('statements.actions.confirm-text')}</p>
        </Modal>
      )}
    </section>
  );
}
