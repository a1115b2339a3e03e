import { ConfigValidationError } from '../config/config-validation.error';
import type { Environment } from '../config/validate-config';

export type OtlpProtocol = 'http/protobuf' | 'http/json';

export interface TelemetrySettings {
  protocol: OtlpProtocol;
}

const PROTOCOLS: readonly string[] = ['http/protobuf', 'http/json'] satisfies OtlpProtocol[];

/**
 * Tracing is off unless an OTLP endpoint is given (`OTEL_EXPORTER_OTLP_ENDPOINT`, or the traces-only
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), the standard variables throughout: `OTEL_SDK_DISABLED=true` or
 * `OTEL_TRACES_EXPORTER=none` keep it off, `OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL` picks the encoding (gRPC is not
 * offered: one HTTP client less in every image), and the exporter and sampler read their own variables
 * (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`, ...). Undefined when off.
 */
export function telemetrySettingsFrom(env: Environment): TelemetrySettings | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? 'otlp').split(',').map((name) => name.trim().toLowerCase());
  if (exporters.includes('none')) return undefined;
  const protocolVariable = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = env[protocolVariable]?.trim() || 'http/protobuf';
  const problems: string[] = [];
  if (!PROTOCOLS.includes(protocol))
    problems.push(`${protocolVariable}: must be http/protobuf or http/json (got "${protocol}")`);
  if (!exporters.every((name) => name === 'otlp'))
    problems.push(`OTEL_TRACES_EXPORTER: must be otlp or none (got "${env.OTEL_TRACES_EXPORTER}")`);
  if (!/^https?:\/\/\S+$/.test(endpoint))
    problems.push('OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:// or https:// URL (value hidden)');
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return { protocol: protocol as OtlpProtocol };
}
