import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { listAccountRecoupments } from '../recoupments/recoupmentsApi';
import type { RecoupmentChoice } from './TriggerFields';

const NONE: readonly RecoupmentChoice[] = [];

/** The account's recoupments a conditional split may wait for, read when the editor needs them. */
export function useRecoupmentChoices(
  needed: boolean,
  accountId: string | undefined,
): readonly RecoupmentChoice[] {
  const { api } = useServices();
  const loaded = useLoad(
    () => (needed ? listAccountRecoupments(api, accountId) : Promise.resolve(null)),
    [api, needed, accountId],
  );
  return loaded.data?.items ?? NONE;
}
