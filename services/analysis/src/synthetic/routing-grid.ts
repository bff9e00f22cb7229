import type { Box, Point } from './geometry';

/** Directions: right, down, left, up (page y points down). */
export type Direction = 0 | 1 | 2 | 3;
const DX = [1, 0, -1, 0];
const DY = [0, 1, 0, -1];
/** The unit step of a direction, in page axes (y down). */
export const directionVector = (direction: Direction): [number, number] => [DX[direction], DY[direction]];
export const opposite = (direction: Direction) => ((direction + 2) % 4) as Direction;
export const isHorizontal = (direction: Direction) => direction % 2 === 0;

export function directionOf([dx, dy]: Point): Direction {
  if (dx > 0) return 0;
  if (dy > 0) return 1;
  if (dx < 0) return 2;
  return 3;
}

// Node use, as bits: a line passes straight across or along it, or it is taken (an end, a bend, a junction,
// under an inline symbol), where no other line may touch it.
const PASS_H = 1;
const PASS_V = 2;
const TAKEN = 4;

const BEND_COST = 4;
const CROSSING_COST = 2;
const PARALLEL_COST = 3;
const NEAR_SYMBOL_COST = 1;
const MAX_EXPANSIONS = 400_000;

/**
 * The lattice every pipe and signal line runs on (one node per style unit). Lines may cross each other at right
 * angles in a node both pass straight through, and nowhere else: never along each other, never through a bend,
 * an end or a symbol. That keeps the drawing readable and makes a crossing something a reader can tell from a
 * junction.
 */
export class RoutingGrid {
  readonly cols: number;
  readonly rows: number;
  private readonly use: Uint8Array;
  /** 0 free, -1 frame or text, n > 0 symbol n. */
  private readonly owner: Int32Array;
  /** Which run passes a node horizontally / vertically (for crossings). */
  readonly runH: Int32Array;
  readonly runV: Int32Array;
  private readonly cost: Float64Array;
  private readonly previous: Int32Array;
  private readonly stamp: Uint32Array;
  private search = 0;

  constructor(
    readonly area: Box,
    readonly unit: number,
  ) {
    this.cols = Math.floor((area[2] - area[0]) / unit) + 1;
    this.rows = Math.floor((area[3] - area[1]) / unit) + 1;
    const size = this.cols * this.rows;
    this.use = new Uint8Array(size);
    this.owner = new Int32Array(size);
    this.runH = new Int32Array(size).fill(-1);
    this.runV = new Int32Array(size).fill(-1);
    this.cost = new Float64Array(size * 4);
    this.previous = new Int32Array(size * 4);
    this.stamp = new Uint32Array(size * 4);
  }

  point(node: number): Point {
    return [this.area[0] + (node % this.cols) * this.unit, this.area[1] + Math.floor(node / this.cols) * this.unit];
  }

  /** The node at a page point, if the point lies on the lattice. */
  nodeAt([x, y]: Point): number | undefined {
    const i = (x - this.area[0]) / this.unit;
    const j = (y - this.area[1]) / this.unit;
    if (Math.abs(i - Math.round(i)) > 1e-6 || Math.abs(j - Math.round(j)) > 1e-6) return undefined;
    return this.node(Math.round(i), Math.round(j));
  }

  /** The node nearest to a page point (used to put symbol centres on the lattice). */
  snap([x, y]: Point): Point {
    const i = Math.min(this.cols - 1, Math.max(0, Math.round((x - this.area[0]) / this.unit)));
    const j = Math.min(this.rows - 1, Math.max(0, Math.round((y - this.area[1]) / this.unit)));
    return [this.area[0] + i * this.unit, this.area[1] + j * this.unit];
  }

  node(i: number, j: number): number | undefined {
    return i >= 0 && j >= 0 && i < this.cols && j < this.rows ? j * this.cols + i : undefined;
  }

  step(node: number, direction: Direction, count = 1): number | undefined {
    return this.node((node % this.cols) + DX[direction] * count, Math.floor(node / this.cols) + DY[direction] * count);
  }

  /** Nodes inside a page box. */
  nodesIn(box: Box): number[] {
    const nodes: number[] = [];
    const i0 = Math.max(0, Math.ceil((box[0] - this.area[0]) / this.unit));
    const i1 = Math.min(this.cols - 1, Math.floor((box[2] - this.area[0]) / this.unit));
    const j0 = Math.max(0, Math.ceil((box[1] - this.area[1]) / this.unit));
    const j1 = Math.min(this.rows - 1, Math.floor((box[3] - this.area[1]) / this.unit));
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) nodes.push(j * this.cols + i);
    return nodes;
  }

  block(box: Box, owner: number): void {
    for (const node of this.nodesIn(box)) if (this.owner[node] === 0) this.owner[node] = owner;
  }

  unblock(owner: number): void {
    for (let node = 0; node < this.owner.length; node++) if (this.owner[node] === owner) this.owner[node] = 0;
  }

  ownerOf(node: number): number {
    return this.owner[node];
  }

  isFree(node: number): boolean {
    return this.owner[node] === 0 && this.use[node] === 0;
  }

  /** Nothing in the box: no symbol, text or line. */
  isBoxFree(box: Box): boolean {
    return this.nodesIn(box).every((node) => this.isFree(node));
  }

  isCrossing(node: number): boolean {
    return (this.use[node] & (PASS_H | PASS_V)) === (PASS_H | PASS_V);
  }

  /** A line passes straight through the node and nothing else touches it: a junction or an inline symbol may go there. */
  isPlainPass(node: number): boolean {
    const use = this.use[node];
    return this.owner[node] === 0 && (use === PASS_H || use === PASS_V);
  }

  take(node: number): void {
    this.use[node] |= TAKEN;
  }

  /**
   * The cheapest path from `start` leaving in `startDirection` to `goal` arriving in `goalDirection`, as the nodes
   * it visits; undefined when there is none. `start` may be a node a line passes (a T junction).
   */
  route(
    start: number,
    startDirection: Direction,
    goal: number,
    goalDirection: Direction,
    maxExpansions = MAX_EXPANSIONS,
  ): number[] | undefined {
    if (!this.isFree(goal) || start === goal) return undefined;
    // The search arrays are kept between routes; a state counts only when stamped by this search.
    this.search = (this.search + 1) >>> 0;
    const { cost, previous, stamp, search } = this;
    const known = (state: number) => stamp[state] === search;
    const heap = new MinHeap();
    const gi = goal % this.cols;
    const gj = Math.floor(goal / this.cols);
    const estimate = (node: number) => Math.abs((node % this.cols) - gi) + Math.abs(Math.floor(node / this.cols) - gj);

    const first = this.step(start, startDirection);
    if (first === undefined || !this.canEnter(first, startDirection, goal)) return undefined;
    const firstState = first * 4 + startDirection;
    stamp[firstState] = search;
    cost[firstState] = 1;
    previous[firstState] = -1;
    heap.push(firstState, 1 + estimate(first));
    let expansions = 0;
    while (heap.size > 0 && expansions++ < maxExpansions) {
      const priority = heap.topPriority;
      const state = heap.pop();
      const node = state >> 2;
      const arrived = (state & 3) as Direction;
      if (priority > cost[state] + estimate(node) + 1e-9) continue; // a stale entry: reached cheaper since
      if (node === goal) {
        if (arrived !== goalDirection) continue;
        const path = [node];
        for (let s = previous[state]; s >= 0; s = previous[s]) path.push(s >> 2);
        path.push(start);
        return path.reverse();
      }
      const crossing = this.use[node] !== 0;
      for (const direction of [0, 1, 2, 3] as Direction[]) {
        if (direction === opposite(arrived) || (crossing && direction !== arrived)) continue;
        const next = this.step(node, direction);
        if (next === undefined || !this.canEnter(next, direction, goal)) continue;
        const nextCost = cost[state] + 1 + (direction !== arrived ? BEND_COST : 0) + this.penalty(next, direction);
        const nextState = next * 4 + direction;
        if (!known(nextState) || nextCost < cost[nextState]) {
          stamp[nextState] = search;
          cost[nextState] = nextCost;
          previous[nextState] = state;
          heap.push(nextState, nextCost + estimate(next));
        }
      }
    }
    return undefined;
  }

  private canEnter(node: number, direction: Direction, goal: number): boolean {
    if (node === goal) return true;
    if (this.owner[node] !== 0) return false;
    const use = this.use[node];
    if (use === 0) return true;
    if (use & TAKEN) return false;
    // Only across the line already there, never along it.
    return isHorizontal(direction) ? use === PASS_V : use === PASS_H;
  }

  private penalty(node: number, direction: Direction): number {
    let extra = this.use[node] !== 0 ? CROSSING_COST : 0;
    const along = isHorizontal(direction) ? PASS_H : PASS_V;
    for (const side of isHorizontal(direction) ? [1, 3] : [0, 2]) {
      const beside = this.step(node, side as Direction);
      if (beside === undefined) continue;
      if (this.use[beside] & (along | TAKEN)) extra += PARALLEL_COST;
      if (this.owner[beside] !== 0) extra += NEAR_SYMBOL_COST;
    }
    return extra;
  }

  /** Marks a routed path as used by run `run`: ends and bends are taken, straight nodes passed. */
  commit(path: readonly number[], run: number): void {
    for (let k = 0; k < path.length; k++) {
      const node = path[k];
      if (k === 0 || k === path.length - 1) {
        this.use[node] |= TAKEN;
        continue;
      }
      const horizontalIn = this.point(path[k - 1])[1] === this.point(node)[1];
      const horizontalOut = this.point(path[k + 1])[1] === this.point(node)[1];
      if (horizontalIn !== horizontalOut) this.use[node] |= TAKEN;
      else if (horizontalIn) {
        this.use[node] |= PASS_H;
        this.runH[node] = run;
      } else {
        this.use[node] |= PASS_V;
        this.runV[node] = run;
      }
    }
  }
}

/** A binary heap of (state, priority), smallest priority first. */
class MinHeap {
  private readonly states: number[] = [];
  private readonly priorities: number[] = [];

  get size(): number {
    return this.states.length;
  }

  get topPriority(): number {
    return this.priorities[0];
  }

  push(state: number, priority: number): void {
    this.states.push(state);
    this.priorities.push(priority);
    let i = this.states.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.priorities[parent] <= priority) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): number {
    const top = this.states[0];
    const lastState = this.states.pop() as number;
    const lastPriority = this.priorities.pop() as number;
    if (this.states.length > 0) {
      this.states[0] = lastState;
      this.priorities[0] = lastPriority;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < this.states.length && this.priorities[left] < this.priorities[smallest]) smallest = left;
        if (right < this.states.length && this.priorities[right] < this.priorities[smallest]) smallest = right;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return top;
  }

  private swap(a: number, b: number): void {
    [this.states[a], this.states[b]] = [this.states[b], this.states[a]];
    [this.priorities[a], this.priorities[b]] = [this.priorities[b], this.priorities[a]];
  }
}
