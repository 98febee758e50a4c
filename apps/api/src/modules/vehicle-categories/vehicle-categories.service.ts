import {
  getLicenceClassSet,
  isLicenceClassOf,
  licenceClassMessage,
  slugify,
  type VehicleCategory,
  type VehicleCategoryInputSchema,
} from '@dms/domain';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-helpers';
import { HttpError } from '../../http/errors';
import { RecordHooks, UsageRegistry } from '../../lib/record-hooks';
import { plural } from '../../lib/wording';
import { getAppSettings } from '../settings';
import {
  deleteCategory,
  findClashingSlugs,
  getCategory,
  insertCategory,
  lockCategory,
  updateCategory,
} from './vehicle-categories.repository';

type CategoryInput = z.output<typeof VehicleCategoryInputSchema>;

export const CATEGORY_NOT_FOUND = 'Category not found';

/** Records of a category (its vehicles): record-links.ts registers their counters. */
export const categoryUsers = new UsageRegistry();
/** What follows a category's new slug in its transaction (the legacy slug copy on its vehicles). */
export const categorySlugChanged = new RecordHooks<[categoryId: string, slug: string]>();

/** slugify(name), made unique with '-2', '-3', … (the lowest free suffix). */
async function uniqueSlug(db: Db, name: string, exceptId?: string): Promise<string> {
  const base = slugify(name) || 'category';
  const taken = new Set(await findClashingSlugs(db, base, exceptId));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/**
 * The class must be one of the operator's set (ADR 33); it is kept as sent when not sent at all, so an
 * older client that knows no classes does not clear them.
 */
async function licenceClassOf(
  db: Db,
  input: CategoryInput,
): Promise<{ requiredLicenceClass?: string | null }> {
  if (input.requiredLicenceClass === undefined) return {};
  if (input.requiredLicenceClass === null) return { requiredLicenceClass: null };
  const set = getLicenceClassSet((await getAppSettings(db)).licenceClassSet);
  if (!isLicenceClassOf(set, input.requiredLicenceClass)) {
    throw new HttpError(400, licenceClassMessage(set), [
      { path: 'requiredLicenceClass', message: licenceClassMessage(set) },
    ]);
  }
  return { requiredLicenceClass: input.requiredLicenceClass };
}

/** Two requests may pick the same free slug at once; the loser tries again with a fresh look. */
async function retryingSlugClash<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error, 'vehicle_categories_new_slug_unique')) throw error;
    }
  }
}

export function createCategory(db: Database, input: CategoryInput): Promise<VehicleCategory> {
  return retryingSlugClash(() =>
    db.transaction(async (tx) => {
      const licence = await licenceClassOf(tx, input);
      const slug = await uniqueSlug(tx, input.name);
      const id = await insertCategory(tx, { name: input.name, color: input.color, slug, ...licence });
      return (await getCategory(tx, id))!;
    }),
  );
}

/** A rename moves the slug too (and the legacy slug copy on the category's vehicles). */
export function updateCategoryById(db: Database, id: string, input: CategoryInput): Promise<VehicleCategory> {
  return retryingSlugClash(() =>
    db.transaction(async (tx) => {
      const current = await lockCategory(tx, id);
      if (!current) throw new HttpError(404, CATEGORY_NOT_FOUND);
      const licence = await licenceClassOf(tx, input);
      const slug = await uniqueSlug(tx, input.name, id);
      await updateCategory(tx, id, { name: input.name, color: input.color, slug, ...licence });
      if (slug !== current.slug) await categorySlugChanged.run(tx, id, slug);
      return (await getCategory(tx, id))!;
    }),
  );
}

/** A category still held by vehicles is refused: they must move to another category first. */
export function deleteCategoryById(db: Database, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    if (!(await lockCategory(tx, id))) throw new HttpError(404, CATEGORY_NOT_FOUND);
    const count = (await categoryUsers.count(tx, id)).vehicle ?? 0;
    if (count > 0) {
      throw new HttpError(
        409,
        `This category is used by ${plural(count, 'vehicle')}. Move ${count === 1 ? 'it' : 'them'} to another category first.`,
      );
    }
    await deleteCategory(tx, id);
    return { message: 'Category deleted successfully' };
  });
}
