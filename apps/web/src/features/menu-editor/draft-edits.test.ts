import { menuDraftProblems } from '@comanda/core/back-office';
import { describe, expect, it } from 'vitest';
import {
  addCategory,
  addDiscount,
  addGarnish,
  addGarnishGroup,
  addIndicator,
  addMenu,
  addPlate,
  addSize,
  deleteCategory,
  deleteDiscount,
  deletePlate,
  findCategory,
  findPlate,
  isBlankDiscount,
  isBlankPlate,
  isPlateIn,
  moveCategoryBy,
  movePlateBy,
  movePlateToCategory,
  platePath,
  removeGarnish,
  removeGarnishGroup,
  removeSize,
  reorderCategories,
  reorderPlates,
  setDiscountType,
  setPlateIn,
  toggleDiscountPlate,
  togglePlateIndicator,
  updateCategory,
  updateDiscount,
  updateGarnish,
  updateGarnishGroup,
  updatePlate,
  updateSize,
} from './draft-edits.ts';
import { draftOf, menu, plate, sampleDraft } from './draft-factories.ts';

const categoryKeys = (draft = sampleDraft(), m = 0) => draft.menus[m]?.categories.map((c) => c.key);
const plateKeys = (draft: ReturnType<typeof sampleDraft>, categoryKey: string) =>
  findCategory(draft, categoryKey)?.value.plates.map((p) => p.key);

describe('finding things by key', () => {
  it('finds a plate with its menu, category and position', () => {
    const found = findPlate(sampleDraft(), 'plate-4');
    expect(found && { menu: found.menu, category: found.category, plate: found.plate }).toEqual({
      menu: 1,
      category: 0,
      plate: 0,
    });
    expect(found && platePath(found)).toBe('menus.1.categories.0.plates.0');
    expect(findPlate(sampleDraft(), 'plate-99')).toBeNull();
  });

  it('leaves the draft untouched when an edit names something that is gone', () => {
    const draft = sampleDraft();
    expect(updatePlate(draft, 'plate-99', { name: 'x' })).toBe(draft);
    expect(deleteCategory(draft, 'category-99')).toBe(draft);
    expect(reorderCategories(draft, 'category-1', 'category-99')).toBe(draft);
  });
});

describe('categories', () => {
  it('adds a category at the end of its menu with a new key and no id', () => {
    const { draft, key } = addCategory(sampleDraft(), 'menu-1', {
      name: '  Empanadas ',
      description: ' ',
      visible: true,
    });
    expect(key).toBe('category-new-1');
    expect(draft.menus[0]?.categories.at(-1)).toEqual({
      key: 'category-new-1',
      name: 'Empanadas',
      description: null,
      visible: true,
      plates: [],
    });
  });

  it('renames, describes and hides a category', () => {
    const draft = updateCategory(sampleDraft(), 'category-2', {
      name: 'Bebidas frías',
      description: 'Con o sin gas',
      visible: false,
    });
    expect(findCategory(draft, 'category-2')?.value).toMatchObject({
      name: 'Bebidas frías',
      description: 'Con o sin gas',
      visible: false,
    });
  });

  it('deletes a category with its plates and every reference to them', () => {
    const draft = deleteCategory(sampleDraft(), 'category-1');
    expect(categoryKeys(draft)).toEqual(['category-2']);
    expect(draft.menus[0]?.remarked).toEqual([]);
    expect(draft.menuDiscounts[0]?.plates).toEqual(['plate-3']);
    // Agua no longer excludes a category that is gone
    expect(findPlate(draft, 'plate-3')?.value.excludedCategories).toEqual([]);
    expect(menuDraftProblems(draft)).toEqual([]);
  });

  it('puts a dragged category where it was dropped', () => {
    expect(categoryKeys(reorderCategories(sampleDraft(), 'category-1', 'category-2'))).toEqual([
      'category-2',
      'category-1',
    ]);
  });

  it('does not drop a category into another menu', () => {
    const draft = sampleDraft();
    expect(reorderCategories(draft, 'category-1', 'category-3')).toBe(draft);
  });

  it('moves a category up and down, and not past either end', () => {
    expect(categoryKeys(moveCategoryBy(sampleDraft(), 'category-2', -1))).toEqual([
      'category-2',
      'category-1',
    ]);
    expect(categoryKeys(moveCategoryBy(sampleDraft(), 'category-1', -1))).toEqual([
      'category-1',
      'category-2',
    ]);
    expect(categoryKeys(moveCategoryBy(sampleDraft(), 'category-2', 1))).toEqual([
      'category-1',
      'category-2',
    ]);
  });
});

describe('plates', () => {
  it('adds a blank plate that the editor can tell from one being filled in', () => {
    const { draft, key } = addPlate(sampleDraft(), 'category-2');
    expect(key).toBe('plate-new-1');
    const added = findPlate(draft, key)?.value;
    expect(added && isBlankPlate(added)).toBe(true);
    expect(added && isBlankPlate({ ...added, name: 'Soda' })).toBe(false);
    expect(added && isBlankPlate({ ...added, price: 0 })).toBe(false);
    // a blank plate is not yet valid: the editor shows why beside each field
    expect(menuDraftProblems(draft).map((p) => p.path)).toEqual([
      'menus.0.categories.1.plates.1.name',
      'menus.0.categories.1.plates.1.price',
    ]);
  });

  it('edits a plate by key with fields or a function', () => {
    let draft = updatePlate(sampleDraft(), 'plate-2', { price: 9500, description: 'Cebolla' });
    draft = updatePlate(draft, 'plate-2', (p) => ({ ...p, visible: false }));
    expect(findPlate(draft, 'plate-2')?.value).toMatchObject({
      price: 9500,
      description: 'Cebolla',
      visible: false,
    });
    expect(findPlate(sampleDraft(), 'plate-2')?.value.price).toBe(1000);
  });

  it('deletes a plate and takes it out of featured, upsold and discounts', () => {
    const draft = deletePlate(sampleDraft(), 'plate-1');
    expect(plateKeys(draft, 'category-1')).toEqual(['plate-2']);
    expect(draft.menus[0]?.remarked).toEqual([]);
    expect(draft.menuDiscounts[0]?.plates).toEqual(['plate-3']);
  });

  it('reorders plates inside their category only', () => {
    expect(plateKeys(reorderPlates(sampleDraft(), 'plate-2', 'plate-1'), 'category-1')).toEqual([
      'plate-2',
      'plate-1',
    ]);
    const draft = sampleDraft();
    expect(reorderPlates(draft, 'plate-1', 'plate-3')).toBe(draft);
    expect(plateKeys(movePlateBy(sampleDraft(), 'plate-1', 1), 'category-1')).toEqual(['plate-2', 'plate-1']);
  });

  it('moves a plate to the end of another category of its menu, keeping its marks', () => {
    const draft = movePlateToCategory(sampleDraft(), 'plate-1', 'category-2');
    expect(plateKeys(draft, 'category-1')).toEqual(['plate-2']);
    expect(plateKeys(draft, 'category-2')).toEqual(['plate-3', 'plate-1']);
    expect(isPlateIn(draft, 'plate-1', 'remarked')).toBe(true);
  });

  it('moves a plate into another menu with its marks and without exclusions of the old menu', () => {
    const draft = movePlateToCategory(sampleDraft(), 'plate-3', 'category-3');
    expect(plateKeys(draft, 'category-3')).toEqual(['plate-4', 'plate-3']);
    expect(draft.menus[0]?.upsold).toEqual([]);
    expect(draft.menus[1]?.upsold).toEqual(['plate-3']);
    expect(findPlate(draft, 'plate-3')?.value.excludedCategories).toEqual([]);
    expect(menuDraftProblems(draft)).toEqual([]);
  });

  it('marks and unmarks a plate as featured or upsold in its own menu', () => {
    let draft = setPlateIn(sampleDraft(), 'plate-4', 'remarked', true);
    expect(draft.menus[1]?.remarked).toEqual(['plate-4']);
    expect(draft.menus[0]?.remarked).toEqual(['plate-1']);
    draft = setPlateIn(draft, 'plate-1', 'remarked', false);
    expect(isPlateIn(draft, 'plate-1', 'remarked')).toBe(false);
    // marking twice keeps one entry
    expect(setPlateIn(draft, 'plate-4', 'remarked', true).menus[1]?.remarked).toEqual(['plate-4']);
  });
});

describe('indicators', () => {
  it('adds an indicator with a new key and lowercase colours, and toggles it on a plate', () => {
    const { draft, key } = addIndicator(sampleDraft(), {
      showName: ' Picante ',
      backgroundColor: '#C62828',
      textColor: '#FFFFFF',
    });
    expect(draft.indicators.at(-1)).toEqual({
      key: 'indicator-new-1',
      showName: 'Picante',
      backgroundColor: '#c62828',
      textColor: '#ffffff',
    });
    const on = togglePlateIndicator(draft, 'plate-2', key);
    expect(findPlate(on, 'plate-2')?.value.indicators).toEqual([key]);
    expect(findPlate(togglePlateIndicator(on, 'plate-2', key), 'plate-2')?.value.indicators).toEqual([]);
  });
});

describe('sizes and options of a plate', () => {
  it('adds, edits and removes sizes', () => {
    let p = addSize(addSize(plate('plate-9')));
    p = updateSize(p, 0, { name: 'Chica', price: 8000 });
    p = updateSize(p, 1, { name: 'Grande', price: 11000 });
    expect(p.sizes).toEqual([
      { name: 'Chica', price: 8000 },
      { name: 'Grande', price: 11000 },
    ]);
    expect(removeSize(p, 0).sizes).toEqual([{ name: 'Grande', price: 11000 }]);
  });

  it('starts a group of options as an optional choice of one, with one option', () => {
    const p = addGarnishGroup(plate('plate-9'));
    expect(p.garnishGroups).toEqual([
      {
        name: '',
        minGarnishAmount: 0,
        maxGarnishAmount: 1,
        multipleSelection: false,
        mandatory: false,
        garnishes: [{ name: '', price: 0, visible: true }],
      },
    ]);
  });

  it('raises the minimum to 1 when a group becomes mandatory', () => {
    const p = updateGarnishGroup(addGarnishGroup(plate('plate-9')), 0, { mandatory: true });
    expect(p.garnishGroups[0]).toMatchObject({ mandatory: true, minGarnishAmount: 1, maxGarnishAmount: 1 });
    const kept = updateGarnishGroup(
      updateGarnishGroup(p, 0, { minGarnishAmount: 2, maxGarnishAmount: 3 }),
      0,
      {
        mandatory: false,
      },
    );
    expect(kept.garnishGroups[0]).toMatchObject({
      mandatory: false,
      minGarnishAmount: 2,
      maxGarnishAmount: 3,
    });
  });

  it('adds, edits and removes options and groups', () => {
    let p = addGarnish(addGarnishGroup(plate('plate-9')), 0);
    p = updateGarnish(p, 0, 1, { name: 'Papas', price: 1500, visible: false });
    expect(p.garnishGroups[0]?.garnishes[1]).toEqual({ name: 'Papas', price: 1500, visible: false });
    p = removeGarnish(p, 0, 0);
    expect(p.garnishGroups[0]?.garnishes).toHaveLength(1);
    expect(removeGarnishGroup(p, 0).garnishGroups).toEqual([]);
  });
});

describe('menu discounts', () => {
  it('adds a blank discount and edits it into a valid one', () => {
    const added = addDiscount(sampleDraft());
    expect(added.index).toBe(1);
    expect(isBlankDiscount(added.draft.menuDiscounts[1]!)).toBe(true);
    let draft = updateDiscount(added.draft, 1, { name: 'Happy hour', percentage: 20 });
    draft = toggleDiscountPlate(draft, 1, 'plate-2');
    expect(draft.menuDiscounts[1]).toMatchObject({
      name: 'Happy hour',
      type: 'PERCENT',
      percentage: 20,
      plates: ['plate-2'],
    });
    expect(isBlankDiscount(draft.menuDiscounts[1]!)).toBe(false);
    expect(menuDraftProblems(draft)).toEqual([]);
    expect(toggleDiscountPlate(draft, 1, 'plate-2').menuDiscounts[1]?.plates).toEqual([]);
  });

  it('clears the other types’ amounts when the type changes', () => {
    const draft = setDiscountType(sampleDraft(), 0, 'FIXED');
    expect(draft.menuDiscounts[0]).toMatchObject({
      type: 'FIXED',
      buy: null,
      pay: null,
      fixedDiscount: null,
    });
    const same = sampleDraft();
    expect(setDiscountType(same, 0, 'MULTIPLE').menuDiscounts[0]).toMatchObject({ buy: 2, pay: 1 });
  });

  it('deletes a discount', () => {
    expect(deleteDiscount(sampleDraft(), 0).menuDiscounts).toEqual([]);
  });
});

describe('a shop without a menu', () => {
  it('gets a first menu to add categories to', () => {
    const { draft, key } = addMenu(draftOf([]), 'Carta');
    expect(draft.menus).toEqual([menu(key, [], { name: 'Carta' })]);
    expect(menuDraftProblems(draft)).toEqual([]);
  });
});
