// Every saved version of the product's splits run in the engine worker on the statement its
// payout preview uses, so the history can show what each version would have paid.
import { useEffect, useMemo, useState } from 'react';
import type { HistoryEvent } from '../../api/history';
import type { ApiClient } from '../api/client';
import { useLoad } from '../app/useLoad';
import { createEngineClient } from '../engine/engineClient';
import { payoutsByVersion, splitVersions, type SplitVersion } from '../history/whatIf';
import { previewInput, type EnginePreviewAnswer } from './catalogApi';

export type WhatIfPayouts =
  | { status: 'loading' }
  | { status: 'no-statement' }
  | { status: 'failed' }
  | {
      status: 'ready';
      statement: NonNullable<EnginePreviewAnswer['statement']>;
      currency: string;
      versions: SplitVersion[];
      /** Each payee's payout per version, by the version's sequence number. */
      payouts: Map<string, Map<string, string>>;
    };

export function useWhatIfPayouts(
  api: ApiClient,
  productId: string,
  events: readonly HistoryEvent[] | undefined,
): WhatIfPayouts {
  const versions = useMemo(() => splitVersions(events ?? []), [events]);
  const answer = useLoad(() => previewInput(api, productId), [api, productId]);
  const [result, setResult] = useState<WhatIfPayouts>({ status: 'loading' });

  useEffect(() => {
    const input = answer.data;
    if (!input || events === undefined) return;
    const { statement, input: engineInput, records } = input;
    if (!statement || !engineInput || records === null || versions.length === 0) return;
    let current = true;
    const engine = createEngineClient();
    (async () => {
      const opened = await engine.openPreview(engineInput, records);
      try {
        const payouts = await payoutsByVersion(
          versions,
          engineInput.splitSets,
          async (sets) => (await engine.preview(opened, sets)).output,
        );
        if (current)
          setResult({
            status: 'ready',
            statement,
            currency: engineInput.currency,
            versions,
            payouts,
          });
      } finally {
        engine.closePreview(opened);
      }
    })().catch(() => {
      if (current) setResult({ status: 'failed' });
    });
    return () => {
      current = false;
      engine.dispose();
    };
  }, [answer.data, events, versions]);

  if (answer.status === 'failed') return { status: 'failed' };
  if (answer.data && (!answer.data.statement || versions.length === 0))
    return { status: 'no-statement' };
  return result;
}
