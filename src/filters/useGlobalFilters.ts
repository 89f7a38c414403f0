import { useSearchParams } from 'react-router';
import { readFilters, writeFilters, type GlobalFilters } from './globalFilters';

/** The global filters of the address, and a way to change them that keeps its history. */
export function useGlobalFilters(): [GlobalFilters, (change: Partial<GlobalFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const change = (next: Partial<GlobalFilters>) =>
    setParams((current) => writeFilters(current, { ...readFilters(current), ...next }));
  return [filters, change];
}
