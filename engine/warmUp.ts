// A synthetic statement run once when a worker starts: V8 runs a fresh WebAssembly module in its
// baseline tier and optimises the hot functions while they run, so the first real preview does not
// pay for that. Nothing here is part of the contract.
import { loadEngine, prepareWasm, runWasmColumns } from './loader';
import type { EngineInput, EngineRecord, Recoupment, SplitSet } from './types';

function warmUpInput(recordCount: number): EngineInput {
  const catalog: EngineInput['catalog'] = {};
  const splitSets: SplitSet[] = [];
  for (let product = 0; product < 50; product += 1) {
    const productId = `p${product}`;
    for (let code = 0; code < 10; code += 1) catalog[`C${product * 10 + code}`] = { productId };
    splitSets.push({
      id: `base-${productId}`,
      scope: { productId },
      kind: 'base',
      startDate: null,
      priority: 0,
      shares: [
        { payeeId: `a${product % 7}`, pct: '40' },
        { payeeId: `b${product % 5}`, pct: '33.3333' },
        {
          groupId: 'band',
          pct: '26.6667',
          members: [
            { payeeId: `c${product % 3}`, pct: '50' },
            { payeeId: `d${product % 4}`, balance: true },
          ],
        },
      ],
    });
  }
  splitSets.push({
    ...splitSets[0]!,
    id: 'cond-p0',
    kind: 'conditional',
    priority: 1,
    trigger: { type: 'income', threshold: '5', preCounted: '0' },
  });
  const records: EngineRecord[] = Array.from({ length: recordCount }, (_, index) => ({
    id: `w${index}`,
    code: `C${(index * 7919) % 500}`,
    kind: index % 25 === 0 ? 'mechanical' : 'sale',
    date: `2026-09-${String(1 + (index % 28)).padStart(2, '0')}`,
    units: 1 + (index % 1000),
    revenue: `0.${String((index * 104_729) % 1_000_000).padStart(6, '0')}`,
    format: 'stream',
  }));
  const recoupment = (id: string, fields: Partial<Recoupment>): Recoupment => ({
    id,
    title: 'warm-up',
    type: 'advance',
    status: 'open',
    creditorId: 'label',
    debtorIds: [],
    amount: '10',
    prepaid: '0',
    priority: 'high',
    createdAt: 0,
    startDate: null,
    scope: 'all',
    productIds: [],
    recoupablePct: '0',
    netRevenuePct: '0',
    statementMaximum: null,
    paymentMinimum: '0',
    revenueMinimum: '0',
    reimbursement: 'immediate',
    mechanicalRepays: false,
    ...fields,
  });
  return {
    currency: 'USD',
    statement: { id: 'warm-up', period: '2026-09', distributorTakePct: '15' },
    records,
    catalog,
    splitSets,
    recoupments: [
      recoupment('ott', { netRevenuePct: '10' }),
      recoupment('adv', { debtorIds: ['a1', 'b2'], amount: '100', recoupablePct: '50' }),
    ],
    state: { counters: {}, recoupments: {} },
  };
}

/**
 * Loads the module and runs a 5,000-record statement through the fast path, then through a
 * preview (opened once, recalculated twice); never throws.
 */
export async function warmUpEngine(url?: URL | string): Promise<void> {
  try {
    const engine = await loadEngine(url);
    const input = warmUpInput(5_000);
    runWasmColumns(engine, input);
    const prepared = prepareWasm(engine, input);
    const header = JSON.stringify({ ...input, records: [], catalog: {} });
    prepared?.summary(header);
    prepared?.summary(header);
    prepared?.release();
  } catch {
    // A module that cannot load is the fallback's business, reported by calculate().
  }
}
