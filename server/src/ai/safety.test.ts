import { describe, expect, it } from 'vitest';
import { detectEmergency, emergencyAdvice } from './safety.ts';

describe('recognising an emergency however it is written', () => {
  it.each([
    ['crushing chest pain', 'heart'],
    ['CRUSHING CHEST PAIN!!', 'heart'],
    ['I have chset pian', 'heart'],
    ['pian in my chest since an hour', 'heart'],
    ['my chest hurts after taking niacin', 'heart'],
    ['I think I am having a heart attack', 'heart'],
    ['I fainted this morning, is it my iron?', 'fainting'],
    ['i passed out after my workout', 'fainting'],
    ['my face is drooping on one side', 'stroke'],
    ["my husband's speech is slurred and his face is droopy", 'stroke'],
    ['I think I am having a stroke', 'stroke'],
    ['my throat is swelling after taking the new supplement', 'allergy'],
    ['my lips are swelling up', 'allergy'],
    ['severe allergic reaction to fish oil', 'allergy'],
    ["im having trouble breathing", 'breathing'],
    ["my nose bleeding won't stop and I'm on warfarin", 'bleeding'],
    ['I cant stop the bleeding from a cut, I take eliquis', 'bleeding'],
    ['I took a whole bottle of melatonin', 'poisoning'],
    ['my toddler swallowed some of my iron pills', 'poisoning'],
    ['my 3 year old ate vitamin gummies', 'poisoning'],
    ['I overdosed on vitamin D', 'poisoning'],
    ['I took too many iron tablets', 'poisoning'],
    ['I want to kill myself', 'self-harm'],
    ["I've been thinking about suicide", 'self-harm'],
    ['i dont want to live anymore', 'self-harm'],
    ['sucidal thoughts again', 'self-harm'],
    ['kil myself', 'self-harm'],
    // Said indirectly: signs in the user's own words, not the textbook's.
    ['feels like an elephant is sitting on my chest', 'heart'],
    ['my chest is really tight and my jaw aches', 'heart'],
    ["there's pressure in my chest and i'm sweating", 'heart'],
    ["mum's face looks droopy and she's talking funny", 'stroke'],
    ['suddenly I cant feel or move the left side of my body', 'stroke'],
    ['my throat feels like its closing up', 'allergy'],
    ['took way more melatonin than i should have', 'poisoning'],
    ['i took like 30 of my magnesium tablets', 'poisoning'],
    ['whats the point of living anymore', 'self-harm'],
    ['everyone would be better off without me', 'self-harm'],
    ["thinking about taking all my pills at once so I don't wake up", 'self-harm'],
    ["i don't see any reason to keep going", 'self-harm'],
    ['my dad cant get his words out and his arm went limp', 'stroke'],
    ['woke up with my tongue huge and can barely swallow', 'allergy'],
    ['nosebleed for 45 minutes now, on xarelto, still going', 'bleeding'],
    ['my partner had a fit and is now really confused', 'fainting'],
    ['hubby took a load of my melatonin gummies', 'poisoning'],
    ['blood keeps pouring from my gums, i take warfarin', 'bleeding'],
    ['i cannot catch my breath after the new supplement', 'breathing'],
  ])('%j is an emergency (%s)', (question, kind) => {
    expect(detectEmergency(question)).toBe(kind);
  });

  it.each([
    'does magnesium help chest tightness from anxiety at night?',
    'Can fish oil prevent a heart attack?',
    'Does iron deficiency cause fainting?',
    'does fish oil lower stroke risk?',
    'What are the signs of a stroke?',
    'can I take fish oil with warfarin?',
    'my chest x-ray came back normal, what is my ldl?',
    'does fish oil help with chest pain in general?',
    'my face looks tired, is it my iron?',
    'i took my magnesium 30 minutes ago',
    'i nearly died laughing, anyway what is my hdl',
    'I bled for a minute shaving, is that the fish oil?',
    'is chest pain a side effect of niacin in general?',
    'does fish oil affect my blood clotting?',
    'my new shoes are fitting well, what is my streak?',
    'I took my vitamin D twice by mistake, is that a problem?',
    'can you overdose on vitamin D?',
    'Is 400 mg of magnesium too much?',
    'My son took his vitamins today',
    'Does zinc help trouble breathing from colds?',
    'How is my heart rate?',
    "I don't feel tired today",
    'What is my streak?',
    'Should I double my magnesium?',
    'Is my vitamin D too low?',
  ])('%j is not an emergency', (question) => {
    expect(detectEmergency(question)).toBeNull();
  });
});

describe('the advice', () => {
  it('names the emergency number, poison control and the crisis line', () => {
    for (const kind of ['heart', 'poisoning', 'self-harm'] as const) {
      const text = emergencyAdvice(kind);
      expect(text).toContain('911');
      expect(text).toContain('1-800-222-1222');
      expect(text).toContain('988');
    }
  });
});
