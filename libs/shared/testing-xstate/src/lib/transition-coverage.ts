import { getAdjacencyMap, getStateNodes } from 'xstate/graph';
import type { AnyStateMachine, EventObject } from 'xstate';

interface NodeLike {
  id: string;
  always?: unknown[];
}

// A target with eventless transitions may be left in the same step, so only its source and event can be checked.
function isTransient(node: NodeLike): boolean {
  return (node.always?.length ?? 0) > 0;
}
interface SnapshotLike {
  _nodes: NodeLike[];
}

/**
 * Test support: the machine's declared transitions (state node, event, branch) that no reachable state takes with the
 * given events. An empty list means every transition of the chart can happen, so path tests cover all of them.
 * Branches with the same target cannot be told apart here; focused tests cover their guards.
 */
export function findUntakenTransitions(
  machine: AnyStateMachine,
  options: { input?: unknown; events: EventObject[]; serializeState?: (s: never) => string },
): string[] {
  const adjacency = getAdjacencyMap(machine, options as never) as unknown as Record<
    string,
    { state: SnapshotLike; transitions: Record<string, { event: EventObject; state: SnapshotLike }> }
  >;
  const taken = Object.values(adjacency).flatMap(({ state, transitions }) =>
    Object.values(transitions).map((step) => ({ from: state, type: step.event.type, to: step.state })),
  );
  const missing: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const [eventType, branches] of node.transitions) {
      branches.forEach((branch, index) => {
        const targets = (branch.target ?? []) as unknown as NodeLike[];
        const hit = taken.some(
          (t) =>
            t.type === eventType &&
            t.from._nodes.some((n) => n.id === node.id) &&
            targets.every((target) => isTransient(target) || t.to._nodes.some((n) => n.id === target.id)),
        );
        if (!hit) missing.push(`${node.id} --${eventType}#${index}-->`);
      });
    }
  }
  return missing;
}
