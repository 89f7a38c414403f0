// The split editor's state for one product, or for the account's default sets: drafts of every
// set (both split tabs and every code share one save), their checks, and saving.
import { useCallback, useMemo, useState } from 'react';
import type { ApiClient } from '../api/client';
import { saveSplits } from './catalogApi';
import { checkSets, type SplitsCheck } from './splitChecks';
import { draftsFromView, toRequest, type SetDraft } from './splitDraft';
import { editSplits, type SplitEdit } from './splitEditing';
import type { Product } from '../../api/products';
import type { SplitSetInput, SplitSetView } from '../../api/splits';

export interface SplitEditor {
  sets: SetDraft[];
  check: SplitsCheck;
  edit: (edit: SplitEdit) => void;
  /** The drafts differ from what is saved. */
  dirty: boolean;
  saving: boolean;
  save: () => void;
  discard: () => void;
}

/** What the editor starts from: saved split sets and the version they were saved at. */
export interface SavedSplits {
  version: number;
  splitSets: SplitSetView[];
}

export function useSplitEditor(
  api: ApiClient,
  product: Product,
  onSaved: (product: Product) => void,
): SplitEditor {
  return useSplitSetsEditor(product, onSaved, (version, sets) =>
    saveSplits(api, product.id, version, sets),
  );
}

/** The editor over any saved split sets; `store` saves them (a product's, or the defaults). */
export function useSplitSetsEditor<Saved extends SavedSplits>(
  product: Saved,
  onSaved: (saved: Saved) => void,
  store: (version: number, sets: SplitSetInput[]) => Promise<Saved>,
): SplitEditor {
  const [basis, setBasis] = useState(product);
  const [sets, setSets] = useState(() => draftsFromView(product.splitSets));
  const [saving, setSaving] = useState(false);
  // A newer product (saved here, or its codes changed) replaces the drafts.
  if (basis !== product) {
    setBasis(product);
    setSets(draftsFromView(product.splitSets));
  }
  const check = useMemo(() => checkSets(sets), [sets]);
  const saved = useMemo(
    () => JSON.stringify(toRequest(draftsFromView(product.splitSets))),
    [product],
  );
  const dirty = JSON.stringify(toRequest(sets)) !== saved;
  const edit = useCallback(
    (change: SplitEdit) => setSets((current) => editSplits(current, change)),
    [],
  );

  const save = () => {
    if (!check.valid || saving) return;
    setSaving(true);
    store(product.version, toRequest(sets)).then(
      (updated) => {
        setSaving(false);
        onSaved(updated);
      },
      // The client has shown the server's text; the drafts stay for another try.
      () => setSaving(false),
    );
  };
  const discard = () => setSets(draftsFromView(product.splitSets));

  return { sets, check, edit, dirty, saving, save, discard };
}
