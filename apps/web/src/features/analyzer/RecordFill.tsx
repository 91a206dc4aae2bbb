/**
 * 'Fill from the property record': shown when the server has a live provider of property records
 * (RentCast) and the address is typed; fills the rooms, size and age the record has, and says what
 * it filled and the record's tax bill. A failure says why and leaves the form as it was.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../ui/toast';
import { publicConfigQuery } from '../account/session';
import { applyRecord, type PropertyFormValues, recordAddress } from './property-form';
import { fetchPropertyRecord } from './queries';
import { recordFillMessage } from './record-fill';

interface RecordFillProps {
  values: PropertyFormValues;
  onFill: (values: PropertyFormValues) => void;
}

export function RecordFill({ values, onFill }: RecordFillProps) {
  const config = useQuery(publicConfigQuery());
  const lookup = useMutation({ mutationFn: fetchPropertyRecord });
  const [message, setMessage] = useState<string | null>(null);
  // the form as it is when the record arrives: the user may have typed meanwhile
  const latest = useRef(values);
  latest.current = values;
  const address = recordAddress(values);
  if (!config.data?.propertyRecords) return null;

  function fill() {
    if (!address) return;
    lookup.mutate(address, {
      onSuccess: (record) => {
        const { values: next, filled } = applyRecord(latest.current, record);
        onFill(next);
        setMessage(recordFillMessage(record, filled));
      },
      onError: (error) => {
        setMessage(null);
        toast.error(
          error instanceof ApiRequestError ? error.message : 'The property record could not be read.',
        );
      },
    });
  }

  return (
    <>
      <button
        type="button"
        className="button button-outline"
        disabled={!address || lookup.isPending}
        aria-busy={lookup.isPending || undefined}
        onClick={fill}
      >
        {lookup.isPending ? 'Reading the property record…' : 'Fill from the property record'}
      </button>
      <p role="status">
        {message ?? (address ? null : 'Type the street, city, state and ZIP to look up the record.')}
      </p>
    </>
  );
}
