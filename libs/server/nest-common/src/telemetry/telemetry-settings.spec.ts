import { ConfigValidationError } from '../config/config-validation.error';
import { telemetrySettingsFrom } from './telemetry-settings';

describe('telemetrySettingsFrom', () => {
  it('keeps tracing off without an OTLP endpoint, and when the standard switches turn it off', () => {
    expect(telemetrySettingsFrom({})).toBeUndefined();
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(telemetrySettingsFrom({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(telemetrySettingsFrom({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
  });

  it('turns tracing on with the general or the traces-only endpoint, protobuf unless JSON is asked for', () => {
    expect(telemetrySettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({
      protocol: 'http/protobuf',
    });
    expect(
      telemetrySettingsFrom({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector/v1/traces',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      }),
    ).toEqual({ protocol: 'http/json' });
  });

  it('refuses at boot what it cannot do, naming the variable', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317' };
    expect(() => telemetrySettingsFrom({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      ConfigValidationError,
    );
    expect(() => telemetrySettingsFrom({ ...endpoint, OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(
      /OTEL_TRACES_EXPORTER: must be otlp or none/,
    );
    expect(() => telemetrySettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/,
    );
  });
});
