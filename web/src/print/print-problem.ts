import { createContext } from 'react';

/** Templates report what they could not draw (a bad barcode); the frame then does not print. */
export const PrintProblemContext = createContext<(problem: string) => void>(() => undefined);
