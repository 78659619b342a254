import type { Migration } from 'sluice/persistence';
import { Version20261126000001 } from './version-20261126000001.ts';
import { Version20261126000002 } from './version-20261126000002.ts';
import { Version20261126000003 } from './version-20261126000003.ts';

/** The application's migrations; a schema change is a new file here, never an edit of one that ran. */
export const appMigrations: readonly Migration[] = [new Version20261126000001(), new Version20261126000002(), new Version20261126000003()];
