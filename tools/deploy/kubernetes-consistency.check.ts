/**
 * Checks rendered Kubernetes manifests (already schema-valid) against the deployment topology and against each
 * other: every reference resolves, every pod is hardened and sized, every service gets the environment the brief
 * requires, probes and ports match the code, and the Ingress routes every path of the public origin.
 */
export { podOwners, containerEnvironment, type PodOwner } from './kubernetes-objects';
export {
  checkPodHardening,
  checkReferences,
  checkServiceWiring,
  checkWorkloads,
  checkMigrationJobs,
  migrationStepSelector,
  checkMigrationStep,
  checkScaling,
} from './kubernetes-workloads.check';
export {
  checkRuntimeRemoteList,
  remoteEntryPattern,
  checkRemoteListDocument,
  resolveIngressRoute,
  checkIngress,
  checkInfrastructureAddresses,
  checkPublicUrl,
  checkRemoteRelease,
} from './kubernetes-routing.check';
export {
  ingressControllerPeer,
  ingressControllerName,
  allowedSources,
  checkNetworkPolicies,
} from './kubernetes-network.check';
