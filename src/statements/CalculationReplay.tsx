// Replays the statement's current calculation in the engine worker from the input the server
// recorded, and says whether the output is the stored one byte for byte (its SHA-256).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stringifyOutput } from '../../engine/outputJson';
import type { StatementHistoryEvent } from '../../api/statements';
import { useServices } from '../app/ServicesContext';
import { createEngineClient } from '../engine/engineClient';
import { getCalculation } from './statementsApi';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Check =
  { status: 'idle' | 'checking' | 'failed' } | { status: 'identical' | 'different'; sha: string };

export function CalculationReplay({
  statementId,
  events,
}: {
  statementId: string;
  events: readonly StatementHistoryEvent[];
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  const calculated = events.filter((event) => event.type === 'StatementCalculated');
  if (calculated.length === 0) return null;

  const replay = async () => {
    setCheck({ status: 'checking' });
    const engine = createEngineClient();
    try {
      const stored = await getCalculation(api, statementId);
      const recorded = calculated.find(
        (event) => event.data.calculationId === stored.calculationId,
      );
      const result = await engine.calculate(stored.input);
      const sha = await sha256Hex(stringifyOutput(result.output));
      setCheck({ status: sha === recorded?.data.outputSha256 ? 'identical' : 'different', sha });
    } catch {
      setCheck({ status: 'failed' });
    } finally {
      engine.dispose();
    }
  };

  return (
    <section className="card statement-replay" data-testid="calculation-replay">
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={check.status === 'checking'}
        onClick={() => void replay()}
      >
        {t('replay.statement.check')}
      </button>
      <p role="status">
        {check.status === 'checking' && t('replay.statement.checking')}
        {check.status === 'failed' && t('replay.statement.failed')}
        {check.status === 'identical' && t('replay.statement.identical')}
        {check.status === 'different' && t('replay.statement.different')}
      </p>
      {(check.status === 'identical' || check.status === 'different') && (
        <p className="page-note">
          {t('replay.statement.fingerprint')}: <code>{check.sha}</code>
        </p>
      )}
    </section>
  );
}
