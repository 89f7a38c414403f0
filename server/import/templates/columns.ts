/** A field read from the first of these columns that the file has. */
export const cols = (...columns: string[]) => ({ columns });
