// Artists of a label and the users linked to them (SPEC sections 3 and 7).
import { Type, type Static } from 'typebox';
import { ListOf } from './common';

export const Artist = Type.Object({
  id: Type.String(),
  name: Type.String(),
  accountId: Type.String(),
});
export type Artist = Static<typeof Artist>;

export const ArtistList = ListOf(Artist);
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
