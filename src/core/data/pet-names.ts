/**
 * The names seeded pets get: faker's English `animal.pet_name` list, kept
 * here so that generating data loads no part of faker (a faster start). The
 * same list in the same order gives the same data for the same seed
 * (`seed-data.test.ts` checks it against faker's).
 *
 * @example
 * PET_NAMES[0] // 'Ace'
 */
export const PET_NAMES: ReadonlyArray<string> = [
  'Ace',
  'Archie',
  'Bailey',
  'Bandit',
  'Bella',
  'Bentley',
  'Bruno',
  'Buddy',
  'Charlie',
  'Coco',
  'Cookie',
  'Cooper',
  'Daisy',
  'Dixie',
  'Finn',
  'Ginger',
  'Gracie',
  'Gus',
  'Hank',
  'Jack',
  'Jax',
  'Joey',
  'Kobe',
  'Leo',
  'Lola',
  'Louie',
  'Lucy',
  'Maggie',
  'Max',
  'Mia',
  'Milo',
  'Molly',
  'Murphey',
  'Nala',
  'Nova',
  'Ollie',
  'Oreo',
  'Rosie',
  'Scout',
  'Stella',
  'Teddy',
  'Tuffy',
]
