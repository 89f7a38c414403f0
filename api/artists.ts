// Artists of a label and the users linked to them (SPEC sections 3 and 7).
import { Type, type Static } from 'typebox';
import { ListOf, ListQuery } from './common';

export const Artist = Type.Object({
  id: Type.String(),
  name: Type.String(),
  accountId: Type.String(),
});
export type Artist = Static<typeof Artist>;

/** GET /api/artists: the search and the timeframe of the global filters (the revenue column). */
export const ArtistListQuery = Type.Object(
  {
    ...ListQuery.properties,
    month: Type.Optional(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })),
    months: Type.Optional(Type.Integer({ minimum: 1, maximum: 1200 })),
    artist: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Sent with every filtered GET; not applied here',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ArtistListQuery = Static<typeof ArtistListQuery>;

/**
 * An artist of the list with the revenue of their products over the timeframe, per currency:
 * the codes' revenue for a label and staff, what they earned the reader for a linked person.
 */
export const ArtistListItem = Type.Object({
  ...Artist.properties,
  revenue: Type.Array(Type.Object({ currency: Type.String(), amount: Type.String() })),
});
export type ArtistListItem = Static<typeof ArtistListItem>;

export const ArtistList = ListOf(ArtistListItem);
export type ArtistList = Static<typeof ArtistList>;

export const ArtistDetail = Type.Object({
  ...Artist.properties,
  users: Type.Array(
    Type.Object({
      id: Type.String(),
      fullname: Type.String(),
      username: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  products: Type.Array(
    Type.Object({ id: Type.String(), title: Type.String(), type: Type.String() }),
  ),
  version: Type.Integer(),
});
export type ArtistDetail = Static<typeof ArtistDetail>;

/** The query of SPEC section 7's `GET /api/artist/list`: a name search, no paging. */
export const ArtistFilterQuery = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
export type ArtistFilterQuery = Static<typeof ArtistFilterQuery>;

export const ArtistFilterList = Type.Array(Artist);
export type ArtistFilterList = Static<typeof ArtistFilterList>;

export const NewArtist = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type NewArtist = Static<typeof NewArtist>;

export const ArtistUserLink = Type.Object(
  { userId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type ArtistUserLink = Static<typeof ArtistUserLink>;

export const ArtistUserParams = Type.Object({ id: Type.String(), userId: Type.String() });
export type ArtistUserParams = Static<typeof ArtistUserParams>;
