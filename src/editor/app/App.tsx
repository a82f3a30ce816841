import { chakra } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Route, Switch, useSearch } from 'wouter';
import { Announcer } from './Announcer';
import { api } from './api';
import type { EditorModel, Picture } from '../../content/api-types';
import { ChangesPage } from '../publishing/ChangesPage';
import { DeletedPage } from '../files/DeletedPage';
import { FileEditor } from '../file/FileEditor';
import { FileList } from '../files/FileList';
import { HistoryPage } from '../publishing/history/HistoryPage';
import { ModelContext } from '../form/theme/model-context';
import { ReviewPage } from '../reviews/ReviewPage';
import { ReviewsPage } from '../reviews/ReviewsPage';

function Edit({ model }: { model: EditorModel }) {
  const path = new URLSearchParams(useSearch()).get('path') ?? '';
  return <FileEditor key={path} path={path} model={model} />;
}

/** The visual editor: the list of content files, and the editor of one. */
export function App() {
  const [model, setModel] = useState<EditorModel | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api
      .model()
      .then(setModel)
      .catch((failure: Error) => setError(failure.message));
  }, []);
  const context = useMemo(
    () =>
      model && {
        model,
        addPicture: (picture: Picture) =>
          setModel({ ...model, pictures: [...model.pictures, picture].sort((a, b) => a.src.localeCompare(b.src)) }),
      },
    [model],
  );
  if (error)
    return (
      <chakra.main p="6">
        <chakra.p role="alert">The editor could not start: {error}</chakra.p>
      </chakra.main>
    );
  if (!model || !context) return <chakra.p p="6">Starting the editor…</chakra.p>;
  return (
    <ModelContext.Provider value={context}>
      <Announcer>
        <Switch>
          <Route path="/edit">
            <Edit model={model} />
          </Route>
          <Route path="/history">
            <HistoryPage />
          </Route>
          <Route path="/deleted">
            <DeletedPage />
          </Route>
          <Route path="/changes">
            <ChangesPage model={model} />
          </Route>
          <Route path="/reviews">
            <ReviewsPage />
          </Route>
          <Route path="/review">
            <ReviewPage model={model} />
          </Route>
          <Route>
            <FileList model={model} />
          </Route>
        </Switch>
      </Announcer>
    </ModelContext.Provider>
  );
}
