import { subjectOf } from '../bus/subjects';
import { MEMORY_EVENTS, MEMORY_SUBJECTS, USER_LOOKUP_SUBJECT } from './memory-subjects';

describe('memory bus subjects', () => {
  it('puts every memory request on a memory.<entity>.<verb> subject, each used once', () => {
    const subjects = Object.values(MEMORY_SUBJECTS);
    for (const subject of subjects) {
      const [service, entity, verb] = subject.split('.');
      expect(subjectOf(service as 'memory', entity, verb)).toBe(subject);
      expect(service).toBe('memory');
    }
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('names the deletion event in the past tense and asks auth for users', () => {
    expect(MEMORY_EVENTS.deleted).toBe('memory.memory.deleted');
    expect(USER_LOOKUP_SUBJECT).toBe('auth.users.lookup');
  });
});
