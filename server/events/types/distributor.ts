import type { DistributorTemplate } from '../../../rules/templateSchema';

export interface DistributorFields {
  name: string;
  uploadable: boolean;
  template: DistributorTemplate | null;
}

/** The `distributor-<id>` stream. */
export type DistributorEvent =
  | {
      type: 'DistributorCreated';
      data: {
        distributorId: string;
        name: string;
        uploadable: boolean;
        template?: DistributorTemplate | null;
      };
    }
  | {
      type: 'DistributorChanged';
      data: { before: Partial<DistributorFields>; after: Partial<DistributorFields> };
    };
