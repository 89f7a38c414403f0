// Analytics (SPEC section 2, /analytics): approved statements' figures over time and by service,
// format, territory, distributor, product and artist. Staff read their account's gross; everyone
// else only the amounts allocated to them. Every list also answers as CSV (format=csv).
import { Type, type Static } from 'typebox';

export const analyticsViews = [
  'overview',
  'services',
  'formats',
  'territories',
  'distributors',
  'products',
  'artists',
] as const;
export type AnalyticsView = (typeof analyticsViews)[number];

const Id = Type.String({ maxLength: 100 });

/** The global filters of SPEC section 7 and the analytics' own. */
export const AnalyticsQuery = Type.Object(
  {
    month: Type.Optional(
      Type.String({
        pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
        description: 'Sales of this month only (the month of sale)',
      }),
    ),
    months: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1200, description: 'Sales of the last months' }),
    ),
    artist: Type.Optional(Id),
    product: Type.Optional(Id),
    payee: Type.Optional(
      Type.String({ maxLength: 100, description: 'Staff: the amounts allocated to this payee' }),
    ),
    account: Type.Optional(
      Type.String({ maxLength: 100, description: 'Admins and overseers: this account' }),
    ),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    pending: Type.Optional(
      Type.Boolean({ description: 'Staff: also results calculated and awaiting approval' }),
    ),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const AnalyticsItem = Type.Object({
  /**
   * The month (`YYYY-MM`), service, format, territory (ISO 3166 alpha-2, or a territory that is
   * no country: `WW`, `ROW`, `OU`, `EU`, `XX`, rules/territories.ts) or id; '' for none.
   */
  key: Type.String(),
  /** The distributor's, product's or artist's name; the key itself for the other views. */
  name: Type.String(),
  units: Type.Integer(),
  /** Exact decimal text (12 decimals at most). */
  amount: Type.String(),
});
export type AnalyticsItem = Static<typeof AnalyticsItem>;

export const AnalyticsList = Type.Object({
  /** gross: the label's revenue before splits; earned: what was allocated to the payee. */
  basis: Type.Union([Type.Literal('gross'), Type.Literal('earned')]),
  /**
   * The revenue views of the products counted in a `gross` basis (each product's revenue as its
   * view says: gross includes the distributor's cut, net does not), in order; empty for `earned`.
   */
  revenueViews: Type.Array(Type.Union([Type.Literal('gross'), Type.Literal('net')])),
  /** The currency of the figures; null when there are none yet. */
  currency: Type.Union([Type.String(), Type.Null()]),
  /** Every currency the caller has figures in. */
  currencies: Type.Array(Type.String()),
  /** True when results awaiting approval are counted. */
  pending: Type.Boolean(),
  total: Type.Object({ units: Type.Integer(), amount: Type.String() }),
  items: Type.Array(AnalyticsItem),
});
export type AnalyticsList = Static<typeof AnalyticsList>;

/** The head of an artist's or a product's view. */
export const AnalyticsSubject = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The product's artist, for a product. */
  artist: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
});
export type AnalyticsSubject = Static<typeof AnalyticsSubject>;
