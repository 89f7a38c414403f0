import { Fragment, useState, type DependencyList, type ReactNode } from 'react';
import { useLoad, type Loader } from './useLoad';

/**
 * A card of settings the server keeps: loads them, and renders their form once they are read,
 * started again from what the server kept after each save (`onSaved`).
 */
export function SettingsCard<T extends { version: number }>({
  id,
  className = 'card',
  heading,
  loading,
  load,
  deps,
  children,
}: {
  /** The heading's id, which names the card for assistive technology. */
  id: string;
  className?: string;
  heading: string;
  /** What the card says while the settings are read. */
  loading: string;
  /** Reads the settings; `version` is the kept settings' version. */
  load: Loader<T>;
  /** What `load` reads from outside, as an effect's dependencies. */
  deps: DependencyList;
  children: (settings: T, onSaved: () => void) => ReactNode;
}) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what `load` reads.
  const loaded = useLoad(load, deps);
  const [rounds, setRounds] = useState(0);
  const onSaved = () => {
    setRounds(rounds + 1);
    loaded.reload();
  };
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {heading}
      </h2>
      {loaded.data ? (
        // A saved change starts the form again from what the server kept.
        <Fragment key={`${loaded.data.version}:${rounds}`}>
          {children(loaded.data, onSaved)}
        </Fragment>
      ) : (
        <p className="page-note">{loading}</p>
      )}
    </section>
  );
}

/** A settings form's end: the server's refusal, if any, and its save button. */
export function SaveFooter({
  failure,
  ready,
  label,
}: {
  failure: string | null;
  ready: boolean;
  label: string;
}) {
  return (
    <>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={!ready}>
          {label}
        </button>
      </div>
    </>
  );
}
