// jsdom for every web project's Jest run, plus what jsdom lacks and react-router's data router uses: the fetch API
// classes (Request/Response/Headers) and TextEncoder/TextDecoder, taken from Node. AbortController comes from Node too,
// because Node's Request only accepts Node's AbortSignal.
const { TestEnvironment } = require('jest-environment-jsdom');

class WebTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { Request, Response, Headers, FormData, AbortController, AbortSignal, TextEncoder, TextDecoder } = globalThis;
    Object.assign(this.global, {
      Request,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
    });
  }
}

module.exports = WebTestEnvironment;
