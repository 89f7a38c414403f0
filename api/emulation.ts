// Emulation: the users an admin may act as, and starting, switching and stopping it
// (SPEC section 3, "Emulation user result"). The calls that change it answer a Session.
import { Type, type Static } from 'typebox';
import { EMULATE_LIMIT } from '../rules/emulation';

export const EmulationQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: EMULATE_LIMIT, default: EMULATE_LIMIT }),
    ),
    /** true: warranters only; false: everyone else; absent: all users. */
    warranter: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type EmulationQuery = Static<typeof EmulationQuery>;

/** A row of the emulate dialog. */
export const EmulationUser = Type.Object({
  fullname: Type.String(),
  username: Type.String(),
  role: Type.String(),
});
export type EmulationUser = Static<typeof EmulationUser>;

export const EmulationUsers = Type.Array(EmulationUser);
export type EmulationUsers = Static<typeof EmulationUsers>;

export const EmulateBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 320 }) },
  { additionalProperties: false },
);
export type EmulateBody = Static<typeof EmulateBody>;
