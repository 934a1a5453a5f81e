import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ColoursTable } from '../../db/schema.ts';
import { codedTableRepo, type CodedFilter } from './coded-table.repo.ts';

export type ColourRow = Selectable<ColoursTable>;
export type ColourFilter = CodedFilter;

export interface ColourValues {
  code: string;
  name: string;
  hex: string;
  sort: number;
  enabled: boolean;
}

const colours = codedTableRepo('colours', ['id', 'code', 'name', 'hex']);

export const pageColours = colours.page;
export const enabledColours = colours.enabled;
export const findColour = colours.find;
/** Which of code and name another colour already has. */
export const colourClash = colours.clash;
export const insertColour = (db: Db, values: ColourValues) => colours.insert(db, values);
export const updateColour = (db: Db, id: number, values: ColourValues) => colours.update(db, id, values);
export const deleteColour = colours.remove;
