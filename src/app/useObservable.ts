import { useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';

/** The current value of a BehaviorSubject, re-rendering on change. */
export function useBehaviorSubject<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = subject.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => subject.value,
  );
}
