/** Every method of T as a Jest mock function. */
export type StrictMock<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? jest.Mock<R, A> : never;
};

/**
 * A mock of a repository or other edge in which every method fails the test when it is called without a behaviour
 * given by the test (`mockResolvedValue`...), so a unit test states every call the code under test makes.
 * Only for use inside Jest (it relies on the `jest` global).
 */
export function strictMock<T extends object>(name: string): StrictMock<T> {
  const methods = new Map<PropertyKey, jest.Mock>();
  return new Proxy({} as StrictMock<T>, {
    get(_target, property) {
      // Not a thenable: the mock can be returned from an async function.
      if (property === 'then') return undefined;
      let method = methods.get(property);
      if (!method) {
        method = jest.fn(() => {
          throw new Error(`Unexpected call: ${name}.${String(property)}() has no behaviour in this test`);
        });
        methods.set(property, method);
      }
      return method;
    },
  });
}
