import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { progressQueryOptions } from '../api/get-progress';

export type UploadProgress = {
  /** 0–100; 0 until the first answer. */
  percent: number;
  complete: boolean;
  failed: boolean;
  /** The processing error of a failed recording, if the server gave one. */
  error: string | null;
  /** A poll failed: it was logged and polling stopped. */
  pollFailed: boolean;
};

/**
 * Polls GET /transcription/progress?id= every 500 ms until 100 % (spec, upload states).
 * A failed poll is logged and polling stops.
 */
export function useUploadProgress(id: number): UploadProgress {
  const query = useQuery(progressQueryOptions(id));

  useEffect(() => {
    if (query.error) console.error('Error fetching upload progress', query.error);
  }, [query.error]);

  const data = query.data;
  const percent = Math.max(0, Math.min(100, data?.progress ?? 0));
  return {
    percent,
    complete: percent >= 100,
    failed: data?.status === 'failed',
    error: data?.error ?? null,
    pollFailed: query.isError,
  };
}
