import fc from 'fast-check';
import { formatSearchQuery, MAX_SEARCH_TAGS, MAX_SEARCH_TERMS, parseSearchQuery } from './search-query.parser';

const word = (text: string, prefix = false) => ({ kind: 'word', text, prefix });
const phrase = (text: string) => ({ kind: 'phrase', text });

describe('parseSearchQuery', () => {
  it('requires every word, and matches the last one as a prefix while it is being typed', () => {
    expect(parseSearchQuery('summer holi')).toEqual({
      clauses: [[word('summer')], [word('holi', true)]],
      excluded: [],
      tags: [],
      excludedTags: [],
      journals: [],
    });
    expect(parseSearchQuery('summer holiday ').clauses).toEqual([[word('summer')], [word('holiday')]]);
  });

  it('keeps a one-letter last word whole', () => {
    expect(parseSearchQuery('a').clauses).toEqual([[word('a')]]);
  });

  it('reads "exact phrases", also as the last thing typed', () => {
    expect(parseSearchQuery('"by the sea" boats').clauses).toEqual([[phrase('by the sea')], [word('boats', true)]]);
    expect(parseSearchQuery('boats "by the sea"').clauses).toEqual([[word('boats')], [phrase('by the sea')]]);
  });

  it('excludes -words and -"phrases", never as a prefix', () => {
    expect(parseSearchQuery('beach -rain -"cold wind"')).toMatchObject({
      clauses: [[word('beach')]],
      excluded: [word('rain'), phrase('cold wind')],
    });
    expect(parseSearchQuery('-rain').excluded).toEqual([word('rain')]);
  });

  it('joins words and phrases with OR, and ignores an OR with nothing to join', () => {
    expect(parseSearchQuery('cats OR dogs OR "small birds" garden').clauses).toEqual([
      [word('cats'), word('dogs'), phrase('small birds')],
      [word('garden', true)],
    ]);
    expect(parseSearchQuery('OR cats OR').clauses).toEqual([[word('cats')]]);
    expect(parseSearchQuery('cats or dogs').clauses).toEqual([[word('cats')], [word('or')], [word('dogs', true)]]);
  });

  it('reads tag:, before:, after:, is: and has: (case-insensitive keys), and their negations', () => {
    expect(
      parseSearchQuery('TAG:travel tag:"road trip" -tag:work before:2024-06-01 after:2023-12-31 is:Draft has:image'),
    ).toEqual({
      clauses: [],
      excluded: [],
      tags: ['travel', 'road trip'],
      excludedTags: ['work'],
      journals: [],
      before: '2024-06-01',
      after: '2023-12-31',
      isDraft: true,
      hasImage: true,
    });
    expect(parseSearchQuery('-is:draft -has:image')).toMatchObject({ isDraft: false, hasImage: false });
    expect(parseSearchQuery('is:published is:draft')).toMatchObject({ isDraft: true });
  });

  it('reads journal:name and journal:"two words" (each once), and keeps -journal: as words', () => {
    expect(parseSearchQuery('JOURNAL:Travel journal:"Family trips" journal:Travel sea')).toMatchObject({
      clauses: [[word('sea', true)]],
      journals: ['Travel', 'Family trips'],
    });
    expect(parseSearchQuery('-journal:Work')).toMatchObject({ journals: [], excluded: [word('journal:Work')] });
  });

  it('reads mood:4, mood:>=4, mood:<=2, mood:>3 and mood:<3 as ranges of moods, narrowed by each other', () => {
    expect(parseSearchQuery('mood:4').mood).toEqual({ atLeast: 4, atMost: 4 });
    expect(parseSearchQuery('MOOD:>=4').mood).toEqual({ atLeast: 4, atMost: 5 });
    expect(parseSearchQuery('mood:<=2').mood).toEqual({ atLeast: 1, atMost: 2 });
    expect(parseSearchQuery('mood:>3').mood).toEqual({ atLeast: 4, atMost: 5 });
    expect(parseSearchQuery('mood:<3').mood).toEqual({ atLeast: 1, atMost: 2 });
    expect(parseSearchQuery('mood:>=2 mood:<4 sea')).toMatchObject({
      mood: { atLeast: 2, atMost: 3 },
      clauses: [[word('sea', true)]],
    });
    // Nothing has a mood above 5, or both at least 4 and below 3.
    expect(parseSearchQuery('mood:>5').mood).toEqual({ atLeast: 6, atMost: 5 });
    expect(parseSearchQuery('mood:>=4 mood:<3').mood).toEqual({ atLeast: 6, atMost: 5 });
  });

  it('searches a mood: that names no mood as plain words', () => {
    expect(parseSearchQuery('mood:0 mood:6 mood:2.5 mood:good mood:=>4 -mood:4 ')).toEqual({
      clauses: [[word('mood:0')], [word('mood:6')], [word('mood:2.5')], [word('mood:good')], [word('mood:=>4')]],
      excluded: [word('mood:4')],
      tags: [],
      excludedTags: [],
      journals: [],
    });
  });

  it('searches operators that mean nothing as plain words', () => {
    expect(parseSearchQuery('before:2024-02-30 after:yesterday is:happy has:cat tag: -before:2024-01-01')).toEqual({
      clauses: [
        [word('before:2024-02-30')],
        [word('after:yesterday')],
        [word('is:happy')],
        [word('has:cat')],
        [word('tag:')],
      ],
      excluded: [word('before:2024-01-01')],
      tags: [],
      excludedTags: [],
      journals: [],
    });
  });

  it('ignores an unclosed quote, lone dashes and pieces with no letter or digit', () => {
    expect(parseSearchQuery('"unclosed phrase - ?! ()').clauses).toEqual([[word('unclosed')], [word('phrase')]]);
  });

  it('keeps tokens whole for PostgreSQL to split as it split the text (accents, apostrophes, any script)', () => {
    expect(parseSearchQuery("Café don't 東京 well-known").clauses).toEqual([
      [word('Café')],
      [word("don't")],
      [word('東京')],
      [word('well-known', true)],
    ]);
  });

  it(`uses at most ${MAX_SEARCH_TERMS} words and ${MAX_SEARCH_TAGS} tags`, () => {
    const many = (prefix: string) => Array.from({ length: 30 }, (_, n) => `${prefix}${n}`).join(' ');
    const query = parseSearchQuery(`${many('w')} ${many('tag:t')}`);

    expect(query.clauses).toHaveLength(MAX_SEARCH_TERMS);
    expect(query.tags).toHaveLength(MAX_SEARCH_TAGS);
  });

  it('answers an empty query for nothing typed', () => {
    expect(parseSearchQuery(undefined)).toEqual({
      clauses: [],
      excluded: [],
      tags: [],
      excludedTags: [],
      journals: [],
    });
    expect(parseSearchQuery('   ')).toEqual({ clauses: [], excluded: [], tags: [], excludedTags: [], journals: [] });
  });
});

describe('formatSearchQuery', () => {
  it('writes the query back in the syntax, words last', () => {
    expect(formatSearchQuery(parseSearchQuery('is:draft cats OR "two dogs" -rain tag:"road trip" walk'))).toBe(
      'tag:"road trip" is:draft -rain cats OR "two dogs" walk',
    );
    expect(formatSearchQuery(parseSearchQuery('walk '))).toBe('walk ');
    expect(formatSearchQuery(parseSearchQuery('mood:>3 sea '))).toBe('mood:>=4 sea ');
    expect(formatSearchQuery(parseSearchQuery('mood:<=2 mood:>=2'))).toBe('mood:2 ');
  });
});

// Anything a person (or a script) could type, weighted towards the syntax's own characters.
const typed = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '"',
          '-',
          'OR',
          ' ',
          ':',
          'tag:',
          'before:',
          'after:',
          'is:',
          'has:',
          'mood:',
          '>=',
          '<',
          '4',
          '6',
          'draft',
          'image',
          '2024-02-29',
          "'",
          '\\',
          '&',
          '|',
          '!',
          '(',
          ')',
          '<->',
          ':*',
        ),
        fc.string({ unit: 'grapheme', maxLength: 6 }),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join('')),
);

describe('parseSearchQuery properties', () => {
  it('never throws, and every term it keeps has a letter or digit', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const query = parseSearchQuery(input);
        for (const term of [...query.clauses.flat(), ...query.excluded]) expect(term.text).toMatch(/[\p{L}\p{N}]/u);
        expect(query.clauses.flat().length + query.excluded.length).toBeLessThanOrEqual(MAX_SEARCH_TERMS);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads its own formatting back as the same query', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const query = parseSearchQuery(input);
        expect(parseSearchQuery(formatSearchQuery(query))).toEqual(query);
      }),
      { numRuns: 2000 },
    );
  });
});
