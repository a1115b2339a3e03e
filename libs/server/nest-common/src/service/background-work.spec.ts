import { Logger } from '@nestjs/common';
import { BackgroundWork } from './background-work';

describe('BackgroundWork', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const quietLogger = () => {
    const logger = new Logger('test');
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    return logger;
  };

  it('runs after the delay, then again when a run asks, and not after it says it is done', async () => {
    const delays = [1000, undefined];
    const run = jest.fn(async () => delays.shift());
    const work = new BackgroundWork({ logger: quietLogger(), failure: 'could not work', retryMs: 50, run });

    work.start(200);
    await jest.advanceTimersByTimeAsync(199);
    expect(run).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('tries a failed run again after the retry delay, saying what could not be done', async () => {
    const logger = quietLogger();
    const run = jest.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue(undefined);
    const work = new BackgroundWork({ logger, failure: 'could not work', retryMs: 50, run });

    work.start(0);
    await jest.advanceTimersByTimeAsync(0);
    expect(logger.warn).toHaveBeenCalledWith('could not work, trying again shortly: Error: database gone');
    await jest.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('waits for a run in progress when stopped, which sees it is stopped, and never runs again', async () => {
    let finish = () => undefined as void;
    const seen: boolean[] = [];
    const work: BackgroundWork = new BackgroundWork({
      logger: quietLogger(),
      failure: 'could not work',
      retryMs: 50,
      run: () =>
        new Promise((resolve) => {
          finish = () => {
            seen.push(work.stopped);
            resolve(10);
          };
        }),
    });

    work.start(0);
    await jest.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = work.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(seen).toEqual([true]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([true]);
  });
});
