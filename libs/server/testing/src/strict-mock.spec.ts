import { strictMock } from './strict-mock';

interface Store {
  find(id: string): Promise<string | null>;
  save(value: string): Promise<void>;
}

describe('strictMock', () => {
  it('fails loudly on a call the test did not describe', () => {
    const store = strictMock<Store>('Store');

    expect(() => store.save('x')).toThrow('Unexpected call: Store.save() has no behaviour in this test');
  });

  it('answers what the test gave it, and records the calls', async () => {
    const store = strictMock<Store>('Store');
    store.find.mockResolvedValue('found');

    await expect(store.find('1')).resolves.toBe('found');
    expect(store.find).toHaveBeenCalledWith('1');
  });

  it('can be awaited without being taken for a promise', async () => {
    const store = strictMock<Store>('Store');

    await expect(Promise.resolve(store)).resolves.toBe(store);
  });
});
