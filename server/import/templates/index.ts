import type { DistributorTemplate } from '../../../rules/templateSchema';
import { AMUSE } from './amuse';
import { APPLE } from './apple';
import { AWAL } from './awal';
import { AUDIUS } from './audius';
import { BANDCAMP } from './bandcamp';
import { BEATPORT } from './beatport';
import { BELIEVE } from './believe';
import { CD_BABY } from './cdBaby';
import { DISTROKID } from './distroKid';
import { FUGA } from './fuga';
import { IMUSICIAN } from './iMusician';
import { THE_MLC } from './mlc';
import { PRS_FOR_MUSIC } from './prs';
import { SYMPHONIC } from './symphonic';
import { THE_ORCHARD } from './theOrchard';
import { TRAXSOURCE } from './traxsource';
import { TUNECORE } from './tuneCore';
import { YOUTUBE } from './youTube';

export type {
  CurrencySource,
  DistributorTemplate,
  FieldMapping,
  FieldSource,
  KindSource,
  LayoutVersion,
} from '../../../rules/templateSchema';
export { templateProblems, validateTemplate } from '../../../rules/templateSchema';
export {
  AMUSE,
  APPLE,
  AWAL,
  BANDCAMP,
  BELIEVE,
  CD_BABY,
  DISTROKID,
  FUGA,
  IMUSICIAN,
  SYMPHONIC,
  THE_ORCHARD,
  TUNECORE,
};
export { BEATPORT, PRS_FOR_MUSIC, YOUTUBE };
export { AUDIUS, THE_MLC, TRAXSOURCE };

/** The templates every install ships, under each distributor's own name. */
export const SHIPPED_TEMPLATES: readonly DistributorTemplate[] = [
  DISTROKID,
  TUNECORE,
  CD_BABY,
  THE_ORCHARD,
  BELIEVE,
  FUGA,
  SYMPHONIC,
  BANDCAMP,
  APPLE,
  AWAL,
  AMUSE,
  IMUSICIAN,
  YOUTUBE,
  BEATPORT,
  PRS_FOR_MUSIC,
  TRAXSOURCE,
  AUDIUS,
  THE_MLC,
];
