// The split editor's preview starts as soon as the product is known: its engine worker, and its
// input, read by that worker. The root starts it beside the product page's code, before the page
// is drawn or the session known (startRoutePreview); the page takes what the root started, or
// starts its own (usePreviewStart), and owns the worker from then on.
import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/client';
import type { Services } from '../app/services';
import { createEngineClient, type EngineClient } from '../engine/engineClient';
import { actingAs } from '../routes/access';
import { previewInput, previewInputAddress, type EnginePreviewAnswer } from './catalogApi';

/** The engine worker: started when first needed, stopped with the page. */
function lazyEngine() {
  let client: EngineClient | null = null;
  return {
    get: () => (client ??= createEngineClient()),
    /** A worker started before the page becomes the page's. */
    adopt: (started: EngineClient) => {
      if (client !== started) client?.dispose();
      client = started;
    },
    close: (statement: number) => client?.closePreview(statement),
    dispose: () => {
      client?.dispose();
      client = null;
    },
  };
}

type LazyEngine = ReturnType<typeof lazyEngine>;

/**
 * The worker reads the product's input and opens its statement: the records go from the network
 * to the engine's columns without the page's thread. Null when it could not.
 */
function readInWorker(
  api: ApiClient,
  engine: EngineClient,
  productId: string,
): Promise<EnginePreviewAnswer | null> {
  return engine.openPreviewFrom(previewInputAddress(api, productId)).then(
    (read) =>
      read && {
        ...(read.head as Omit<EnginePreviewAnswer, 'records'>),
        records: null,
        ...(read.statement === null ? {} : { opened: read.statement }),
      },
    () => null,
  );
}

/** A preview the root started for a product whose page is on its way. */
interface RouteStart {
  productId: string;
  engine: EngineClient;
  answer: Promise<EnginePreviewAnswer | null>;
}

let routeStart: RouteStart | null = null;
/** The product whose preview a page started or took: the root does not start it again. */
let pageProduct: string | null = null;

/** Stops a start no page took. */
function drop(start: RouteStart): void {
  if (routeStart !== start) return;
  routeStart = null;
  start.engine.dispose();
}

function takeRouteStart(productId: string): RouteStart | null {
  const start = routeStart?.productId === productId ? routeStart : null;
  routeStart = null;
  return start;
}

/**
 * Started by the root as the product page opens, beside the page's code. Before the session is
 * known it starts anyway, as someone who opens a product page usually edits its splits: a visitor
 * signed out, a person not allowed to edit the splits or a missing product get a refusal, and the
 * worker stops. Answers what stops it when the route is left before the page took it.
 */
export function startRoutePreview(
  { api, session: actor }: Pick<Services, 'api' | 'session'>,
  productId: string,
): () => void {
  const state = actor.getSnapshot();
  const { session } = state.context;
  const wanted = session
    ? actingAs(session).permissions.includes('product:rw')
    : state.matches('checking');
  if (!wanted || pageProduct === productId || routeStart?.productId === productId)
    return () => undefined;
  if (routeStart) drop(routeStart);
  // Not warmed up: the answer is read as soon as it is in (createEngineClient).
  const engine = createEngineClient(undefined, { warm: false });
  const start: RouteStart = { productId, engine, answer: readInWorker(api, engine, productId) };
  routeStart = start;
  void start.answer.then((answer) => {
    if (answer === null) drop(start);
  });
  return () => drop(start);
}

/**
 * The page's preview: its worker and the input asked for early, as soon as the page knows the
 * product (or taken from the root). The split editor takes the input asked for early once; any
 * later load (another product, a reload of the preview) asks anew.
 */
export interface PreviewStart {
  engine: LazyEngine;
  /** Asks for the product's input and starts the worker, once per product. */
  begin: (productId: string) => void;
  /** The input asked for early for this product, or a new request. */
  take: (productId: string) => Promise<EnginePreviewAnswer>;
  /** The page goes: its worker stops. */
  end: () => void;
}

function previewStart(api: ApiClient): PreviewStart {
  const engine = lazyEngine();
  let early: { productId: string; answer: Promise<EnginePreviewAnswer> } | null = null;
  let product: string | null = null;
  return {
    engine,
    begin: (productId) => {
      if (product === productId) return;
      product = pageProduct = productId;
      const started = takeRouteStart(productId);
      if (started) engine.adopt(started.engine);
      else engine.get();
      const answer = started
        ? // What the worker could not read, the API client asks for, and reports.
          started.answer.then((read) => read ?? previewInput(api, productId))
        : previewInput(api, productId);
      // Never taken (the product is missing, or the page left): its failure is nobody's to show.
      answer.catch(() => undefined);
      early = { productId, answer };
    },
    take: (productId) => {
      engine.get();
      const held = early?.productId === productId ? early.answer : null;
      early = null;
      return held ?? previewInput(api, productId);
    },
    end: () => {
      if (pageProduct === product) pageProduct = null;
      product = null;
      early = null;
      engine.dispose();
    },
  };
}

/**
 * The page's preview start: `wanted` when the viewer edits the product's splits, so that its
 * preview will show. The worker stops when the page goes.
 */
export function usePreviewStart(api: ApiClient, productId: string, wanted: boolean): PreviewStart {
  const [start] = useState(() => previewStart(api));
  useEffect(() => () => start.end(), [start]);
  useEffect(() => {
    if (wanted) start.begin(productId);
  }, [start, productId, wanted]);
  return start;
}
