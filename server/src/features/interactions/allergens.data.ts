/**
 * Allergens a supplement may come from (product.md, Medications and interactions, "Allergies"):
 * the words people write in their allergies, and the supplement names that usually contain the
 * allergen or are made from it. Names with an `except` word are made another way ("algal oil",
 * "vegan").
 */
export type AllergenSource = {
  key: string;
  label: string;
  /** Words in the health profile's allergies that name this allergen. */
  allergyTerms: readonly string[];
  /** Supplement names (whole words) that usually contain it. */
  supplementTerms: readonly string[];
  except: readonly string[];
  /** Why a supplement of this kind may contain it, in our words. */
  note: string;
};

export const ALLERGEN_SOURCES: readonly AllergenSource[] = [
  {
    key: 'fish',
    label: 'fish',
    allergyTerms: ['fish', 'fishes', 'seafood', 'cod', 'salmon', 'tuna', 'anchovy', 'anchovies', 'sardine', 'sardines', 'mackerel'],
    supplementTerms: ['fish oil', 'fish', 'cod liver oil', 'omega 3', 'omega3', 'epa', 'dha', 'marine collagen', 'fish collagen', 'fish gelatin', 'salmon oil', 'chondroitin'],
    except: ['algal', 'algae', 'vegan', 'flax', 'flaxseed', 'plant'],
    note: 'Fish oil, cod liver oil and most omega-3 products are made from fish; marine collagen and some chondroitin come from fish too. Algal oil is not.',
  },
  {
    key: 'shellfish',
    label: 'shellfish',
    allergyTerms: ['shellfish', 'shrimp', 'prawn', 'prawns', 'crab', 'lobster', 'crustacean', 'crustaceans', 'krill', 'mollusc', 'molluscs', 'mollusk', 'oyster', 'oysters', 'clam', 'mussel', 'mussels', 'scallop'],
    supplementTerms: ['krill', 'krill oil', 'glucosamine', 'chitosan', 'green lipped mussel', 'oyster shell', 'oyster', 'coral calcium'],
    except: ['vegan', 'vegetarian', 'corn'],
    note: 'Krill oil comes from shellfish; glucosamine and chitosan are usually made from shrimp or crab shells; oyster-shell calcium from oysters.',
  },
  {
    key: 'soy',
    label: 'soy',
    allergyTerms: ['soy', 'soya', 'soybean', 'soybeans'],
    supplementTerms: ['soy', 'soya', 'soy isoflavones', 'isoflavones', 'lecithin', 'soy lecithin', 'phosphatidylserine', 'nattokinase', 'natto', 'mixed tocopherols', 'soy protein'],
    except: ['sunflower', 'soy free'],
    note: 'Isoflavones, lecithin, phosphatidylserine, nattokinase and mixed tocopherols are often made from soybeans.',
  },
  {
    key: 'gelatin',
    label: 'gelatin',
    allergyTerms: ['gelatin', 'gelatine', 'collagen'],
    supplementTerms: ['gelatin', 'gelatine', 'collagen', 'collagen peptides', 'bone broth', 'softgel', 'softgels', 'gummy', 'gummies', 'fish oil', 'krill oil', 'cod liver oil'],
    except: ['vegan', 'pectin', 'plant'],
    note: 'Collagen and bone broth are gelatin themselves; softgels (fish oil among them) and gummies are usually made with gelatin.',
  },
  {
    key: 'milk',
    label: 'milk and lactose',
    allergyTerms: ['lactose', 'milk', 'dairy', 'whey', 'casein', 'cow s milk'],
    supplementTerms: ['whey', 'whey protein', 'casein', 'colostrum', 'lactoferrin', 'lactose', 'milk protein', 'milk powder'],
    except: ['lactose free', 'dairy free', 'vegan', 'plant'],
    note: 'Whey, casein, colostrum and lactoferrin come from milk; lactose is a common tablet filler.',
  },
  {
    key: 'gluten',
    label: 'gluten',
    allergyTerms: ['gluten', 'wheat', 'celiac', 'coeliac', 'barley', 'rye', 'spelt'],
    supplementTerms: ['wheat germ', 'wheat grass', 'wheatgrass', 'barley grass', 'brewer s yeast', 'brewers yeast', 'spelt', 'wheat'],
    except: ['gluten free'],
    note: 'Wheat germ, wheatgrass and barley grass products, and brewer\'s yeast from beer making, may contain gluten unless labelled gluten-free.',
  },
  {
    key: 'bee',
    label: 'bee products',
    allergyTerms: ['bee', 'bees', 'bee sting', 'bee stings', 'honey', 'propolis', 'royal jelly', 'pollen', 'beeswax'],
    supplementTerms: ['propolis', 'royal jelly', 'bee pollen', 'manuka honey', 'honey', 'beeswax', 'bee venom'],
    except: [],
    note: 'Propolis, royal jelly, bee pollen and honey come from bees and have caused severe allergic reactions.',
  },
];
